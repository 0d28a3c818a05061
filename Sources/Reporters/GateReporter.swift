import Rules

/// The CI gate's output: the baseline, one line per finding, then the verdict.
public enum GateReporter {
    /// - Parameter colour: severities and the verdict in ANSI colour (a terminal).
    public static func render(_ report: DiffReport, colour: Bool = false) -> String {
        let style = TextStyle(enabled: colour)
        var out = "baseline: \(TextFormatting.oneLine(report.oldSide.reference))\n"
        for f in report.findings {
            var line = style.severity(f.severity, f.severity.rawValue) + ": \(f.ruleID.rawValue): "
            if !f.bundle.isEmpty { line += "\(TextFormatting.oneLine(f.bundle)): " }
            line += TextFormatting.oneLine(f.message)
            if f.isAccepted { line += " (accepted in baseline)" }
            out += line + "\n"
        }
        out += TextReporter.verdict(report, style: style) + "\n"
        return out
    }
}

import Rules

/// The CI gate's output: the baseline, one line per finding, then the verdict.
public enum GateReporter {
    public static func render(_ report: DiffReport) -> String {
        var out = "baseline: \(report.oldSide.reference)\n"
        for f in report.findings {
            var line = "\(f.severity.rawValue): \(f.ruleID.rawValue): "
            if !f.bundle.isEmpty { line += "\(f.bundle): " }
            line += TextFormatting.oneLine(f.message)
            if f.isAccepted { line += " (accepted in baseline)" }
            out += line + "\n"
        }
        out += TextReporter.verdict(report) + "\n"
        return out
    }
}

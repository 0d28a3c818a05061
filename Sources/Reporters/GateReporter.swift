import Rules

/// The CI gate's output (and `check`'s): the baseline (the build checked), one line per
/// finding, then the verdict. By default
/// it keeps to the text report's 200 lines: the first findings of each rule, then how many
/// it left out; with `details`, every finding.
public enum GateReporter {
    /// - Parameter colour: severities and the verdict in ANSI colour (a terminal).
    public static func render(_ report: DiffReport, colour: Bool = false, details: Bool = false) -> String {
        let style = TextStyle(enabled: colour)
        let limits = details ? TextLimits.details : TextLimits.standard
        var out = [report.kind == .check ? "build: \(TextFormatting.oneLine(report.newSide.reference))"
                   : "baseline: \(TextFormatting.oneLine(report.oldSide.reference))"]
        let groups = FindingGroup.all(report.findings)
        let room = limits.lines - 2
        let perRule = FindingGroup.perGroup(groups, cap: limits.findingsPerRule, lines: room, overhead: 0)
        for (i, group) in groups.enumerated() {
            let count = group.findings.count
            let reserve = i + 1 < groups.count ? 1 : 0
            guard out.count - 1 + LeftOut.lines(count, shown: min(perRule, count)) + reserve <= room else {
                let rest = groups[i...]
                out.append(LeftOut.note(rest.count, of: rest.count == 1 ? "rule" : "rules")
                    + " (\(TextFormatting.grouped(UInt64(rest.reduce(0) { $0 + $1.findings.count }))) findings)"
                    + TextLimits.howToSeeMore)
                break
            }
            for f in group.findings.prefix(perRule) {
                var line = style.severity(f.severity, f.severity.rawValue) + ": \(f.ruleID.rawValue): "
                if !f.bundle.isEmpty { line += "\(TextFormatting.oneLine(f.bundle)): " }
                line += TextFormatting.oneLine(f.message)
                if f.isAccepted { line += " (accepted in baseline)" }
                out.append(line)
            }
            if count > perRule {
                out.append(LeftOut.note(count - perRule, of: "\(group.rule.rawValue) findings") + TextLimits.howToSeeMore)
            }
        }
        out.append(TextReporter.verdict(report, style: style))
        return out.map { $0 + "\n" }.joined()
    }
}

import BundleModel
import Comparison
import Rules

/// The terminal report: a verdict, the findings grouped by severity and rule, the bundles
/// table, what changed per bundle, then the moves (diffuse-style).
///
/// By default it fits in 200 lines whatever the builds (`TextLimits.standard`): the first
/// findings of each rule, the bundles that changed, the first file changes of each bundle,
/// each property list's key changes as counts, the first moves; every capped list says how
/// many it left out and that `--details` shows them. With `details`, nothing is left out
/// and every key change is listed. Stable byte for byte; with `colour`, severities and the
/// verdict are coloured (ANSI) and nothing else changes.
public enum TextReporter {
    public static func render(_ report: DiffReport, colour: Bool = false, details: Bool = false) -> String {
        render(report, TextOptions(colour: colour, details: details))
    }

    /// The report laid out by `options`: wrapped to `options.width` columns (a finding's
    /// message hangs under its start, or under the bundle when the column leaves it too
    /// little room), the 200 lines counted after wrapping; with `quiet`, only the verdict
    /// line and the findings.
    public static func render(_ report: DiffReport, _ options: TextOptions) -> String {
        let style = TextStyle(enabled: options.colour)
        let limits = options.details ? TextLimits.details : TextLimits.standard
        let wrap = TextWrap(width: options.width)
        let c = report.comparison
        if options.quiet {
            let verdict = wrap.wrap([verdict(report, style: style)])
            let findings = findings(report, style: style, limits: limits, wrap: wrap).dropFirst()
            return (verdict + findings).map { $0 + "\n" }.joined()
        }
        let head = wrap.wrap(header(report, style: style))
        let findings = findings(report, style: style, limits: limits, wrap: wrap)
        let bundles = bundles(c, limits: limits, wrap: wrap)
        let moves = wrap.wrap(moves(c, limits: limits))
        let footer = wrap.wrap(footer(c, limits: limits))
        let room = limits.lines - head.count - findings.count - bundles.count - moves.count - footer.count
        // Wrapping can lengthen the changes past their room: ask again for fewer, a few times.
        let memo = FileRowMemo(c)
        var changes = wrap.wrap(changes(c, limits: limits, room: room, memo: memo))
        var ask = room
        for _ in 0..<8 where changes.count > room && !limits.isDetailed {
            ask -= changes.count - room
            changes = wrap.wrap(Self.changes(c, limits: limits, room: ask, memo: memo))
        }
        return (head + findings + bundles + changes + moves + footer).map { $0 + "\n" }.joined()
    }

    private static func header(_ r: DiffReport, style: TextStyle) -> [String] {
        return [TextFormatting.oneLine("bundlediff \(r.toolVersion): \(r.appName) \(r.versionText(isNew: false))"
                    + " → \(r.versionText(isNew: true))"),
                "old: \(TextFormatting.oneLine(side(r.oldSide) + r.containerNote(r.oldSide)))",
                "new: \(TextFormatting.oneLine(side(r.newSide) + r.containerNote(r.newSide)))",
                verdict(r, style: style)]
    }

    /// `PASS: …` / `FAIL: …` with counts per severity and the gate setting.
    static func verdict(_ r: DiffReport, style: TextStyle = TextStyle(enabled: false)) -> String {
        let counts = Severity.allCases.reversed().map { s in
            "\(r.findings.count { $0.severity == s }) \(s.rawValue)"
        }.joined(separator: ", ")
        let gate = "fail on \(r.failOn.rawValue)" + (r.onlyNew ? ", new findings only" : "")
        let failing = r.failing.count
        let word = style.verdict(passed: failing == 0, failing == 0 ? "PASS" : "FAIL")
        return word + (failing == 0 ? "" : " (\(failing) failing)") + ": \(counts) (\(gate))"
            + (r.isIdentical ? "; \(DiffReport.identicalNote)" : "")
    }

    private static func side(_ s: DiffReport.Side) -> String {
        s.commit.map { "\(s.reference) (commit \($0.prefix(12)))" } ?? s.reference
    }

    /// FINDINGS: one group per severity (error first) with its count; in it one group per
    /// rule with its count, then the rule's findings (bundle, message, flags). All of them
    /// when they fit in `findingLines`, else the first `findingsPerRule` of each rule, fewer
    /// when many rules share the section's lines, and rules left out whole when not even
    /// their headings fit.
    private static func findings(_ r: DiffReport, style: TextStyle, limits: TextLimits, wrap: TextWrap) -> [String] {
        var out = ["", "FINDINGS"]
        guard !r.findings.isEmpty else { return out + ["  none"] }
        let groups = FindingGroup.all(r.findings)
        let severities = Set(groups.map(\.severity)).count
        let room = limits.findingLines - out.count - severities
        let largest = groups.map(\.findings.count).max() ?? 0
        let allFit = FindingGroup.perGroup(groups, cap: largest, lines: room, overhead: 1) == largest
        var perRule = allFit ? largest : FindingGroup.perGroup(groups, cap: limits.findingsPerRule, lines: room, overhead: 1)
        // The bundle column leaves the message at least 22 columns of the first line.
        let column = min(limits.bundleColumn, wrap.width - 30,
                         groups.flatMap { $0.findings.prefix(perRule) }.map { TextWrap.columns(bundle($0)) }.max() ?? 0)
        let lines = FindingLines(column: column, wrap: wrap)
        // Each finding that may be shown is rendered once: the fitting below tries several counts.
        let rendered = groups.map { $0.findings.prefix(allFit ? largest : perRule).map(lines.render) }
        // perGroup counts a finding as one line; wrapped, one takes more: when they no longer
        // all fit, the first `findingsPerRule`, fewer while the wrapped ones overflow.
        func cost(_ n: Int) -> Int {
            zip(groups, rendered).reduce(0) { total, pair in
                total + 1 + pair.1.prefix(n).reduce(0) { $0 + $1.count }
                    + LeftOut.lines(pair.0.findings.count, shown: min(n, pair.0.findings.count))
            }
        }
        if allFit && cost(largest) > room { perRule = min(largest, limits.findingsPerRule) }
        while perRule > 1 && cost(perRule) > room { perRule -= 1 }
        var severity: Severity?
        for (i, group) in groups.enumerated() {
            let heading = group.severity != severity ? 1 : 0
            let count = group.findings.count
            let shown = rendered[i].prefix(perRule)
            let note = count > perRule ? wrap.wrap(["      " + LeftOut.note(count - perRule) + TextLimits.howToSeeMore]) : []
            let need = heading + 1 + shown.reduce(0) { $0 + $1.count } + note.count
            let reserve = i + 1 < groups.count ? 1 : 0
            guard out.count + need + reserve <= limits.findingLines else {
                let rest = groups[i...]
                out += wrap.wrap(["  " + LeftOut.note(rest.count, of: rest.count == 1 ? "rule" : "rules")
                    + " (\(TextFormatting.grouped(UInt64(rest.reduce(0) { $0 + $1.findings.count }))) findings)"
                    + TextLimits.howToSeeMore])
                break
            }
            if heading == 1 {
                let total = r.findings.count { $0.severity == group.severity }
                out.append("  " + style.severity(group.severity, group.severity.rawValue.uppercased()) + " (\(total))")
                severity = group.severity
            }
            out.append("    \(group.rule.rawValue) (\(count))")
            out += shown.joined()
            out += note
        }
        return out
    }

    /// One finding's lines: the bundle in a column, then the message and its flags wrapped
    /// under the message's start, or two columns under the bundle when the column leaves
    /// the message less than `minimumMessage` columns.
    private struct FindingLines {
        var column: Int
        var wrap: TextWrap
        static let minimumMessage = 50

        func render(_ f: Finding) -> [String] {
            var flags = [String]()
            if let isNew = f.isNew { flags.append(isNew ? "new" : "existing") }
            if f.isAccepted { flags.append("accepted") }
            let flagText = flags.isEmpty ? "" : " [" + flags.joined(separator: ", ") + "]"
            let first = "      " + TextFormatting.column(bundle(f), column)
            let start = TextWrap.columns(first)
            let indent = wrap.width - start >= Self.minimumMessage ? start : 8
            return wrap.wrap(first: first, TextFormatting.oneLine(f.message) + flagText, indent: indent)
        }
    }

    /// The bundle a finding is about, `(build)` for the whole build.
    static func bundle(_ f: Finding) -> String {
        f.bundle.isEmpty ? "(build)" : TextFormatting.oneLine(f.bundle)
    }

    /// The closing note of a report that counts key changes instead of listing them.
    private static func footer(_ c: BuildComparison, limits: TextLimits) -> [String] {
        guard !limits.listsKeys, c.bundles.contains(where: { $0.plistChanges.contains { !$0.keyChanges.isEmpty } })
        else { return [] }
        return ["", "Key changes are counted per property list, not listed: --details lists every one "
                    + "(--format json and html carry them too)."]
    }
}

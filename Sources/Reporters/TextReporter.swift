import BundleModel
import Comparison
import Rules

/// The terminal report: a verdict, the findings table grouped by severity, a summary per
/// bundle, then the details per section (diffuse-style). Stable byte for byte; with
/// `colour`, severities and the verdict are coloured (ANSI) and nothing else changes.
public enum TextReporter {
    public static func render(_ report: DiffReport, colour: Bool = false) -> String {
        let style = TextStyle(enabled: colour)
        var out = ""
        header(report, style: style, into: &out)
        findings(report, style: style, into: &out)
        summary(report.comparison, into: &out)
        details(report.comparison, into: &out)
        moves(report.comparison, into: &out)
        return out
    }

    private static func header(_ r: DiffReport, style: TextStyle, into out: inout String) {
        let c = r.comparison
        out += TextFormatting.oneLine("bundlediff \(r.toolVersion): \(r.appName) \(TextFormatting.version(c.old.mainBundle))"
            + " → \(TextFormatting.version(c.new.mainBundle))") + "\n"
        out += "old: \(TextFormatting.oneLine(side(r.oldSide)))\nnew: \(TextFormatting.oneLine(side(r.newSide)))\n"
        out += verdict(r, style: style) + "\n"
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
    }

    private static func side(_ s: DiffReport.Side) -> String {
        s.commit.map { "\(s.reference) (commit \($0.prefix(12)))" } ?? s.reference
    }

    /// The findings table: one group per severity (error first) with its count, then one
    /// row per finding: rule id, bundle (`(build)` for the whole build), message, flags.
    private static func findings(_ r: DiffReport, style: TextStyle, into out: inout String) {
        out += "\nFINDINGS\n"
        guard !r.findings.isEmpty else { out += "  none\n"; return }
        let width = min(32, r.findings.map { bundle($0).unicodeScalars.count }.max() ?? 0) + 2
        out += "    " + TextFormatting.pad("rule", 34) + TextFormatting.pad("bundle", width) + "finding\n"
        for severity in Severity.allCases.reversed() {
            let group = r.findings.filter { $0.severity == severity }
            guard !group.isEmpty else { continue }
            out += "  " + style.severity(severity, severity.rawValue.uppercased()) + " (\(group.count))\n"
            for f in group {
                var flags = [String]()
                if let isNew = f.isNew { flags.append(isNew ? "new" : "existing") }
                if f.isAccepted { flags.append("accepted") }
                let flagText = flags.isEmpty ? "" : " [" + flags.joined(separator: ", ") + "]"
                out += "    " + TextFormatting.pad(f.ruleID.rawValue, 34) + TextFormatting.pad(bundle(f), width)
                    + TextFormatting.oneLine(f.message) + flagText + "\n"
            }
        }
    }

    private static func bundle(_ f: Finding) -> String {
        f.bundle.isEmpty ? "(build)" : TextFormatting.oneLine(f.bundle)
    }

    private static func summary(_ c: BuildComparison, into out: inout String) {
        out += "\nBUNDLES\n"
        for b in BundleSummary.all(c) {
            out += TextFormatting.oneLine("  \(b.name) [\(b.status.rawValue)]: \(TextFormatting.version(b.old)) → \(TextFormatting.version(b.new)); "
                + "files +\(b.filesAdded) -\(b.filesRemoved) ~\(b.filesModified); "
                + "\(TextFormatting.bytes(b.newBytes)) (\(TextFormatting.signedBytes(b.bytesDelta)))") + "\n"
            if !b.languages.isEmpty || !b.languagesRemoved.isEmpty {
                var line = "    languages: " + b.languages.joined(separator: " ")
                if !b.languagesAdded.isEmpty { line += "; added " + b.languagesAdded.joined(separator: " ") }
                if !b.languagesRemoved.isEmpty { line += "; removed " + b.languagesRemoved.joined(separator: " ") }
                for r in b.languagesRenamed { line += "; renamed \(r.from) → \(r.to)" }
                out += TextFormatting.oneLine(line) + "\n"
            }
        }
    }

    private static func details(_ c: BuildComparison, into out: inout String) {
        for b in c.bundles where !b.isEmpty {
            out += "\n== \(TextFormatting.oneLine(b.name))\n"
            let inBundle = b.bundle
            for e in b.files.added {
                out += "  + \(TextFormatting.path(e.path, in: inBundle)) (\(TextFormatting.bytes(e.size)))\n"
            }
            for e in b.files.removed {
                out += "  - \(TextFormatting.path(e.path, in: inBundle)) (\(TextFormatting.bytes(e.size)))\n"
            }
            for m in b.files.modified {
                let what = m.isModeOnly ? "mode \(m.old.isExecutable ? "755" : "644") → \(m.new.isExecutable ? "755" : "644")"
                    : "\(TextFormatting.grouped(m.old.size)) → \(TextFormatting.grouped(m.new.size)) B (\(TextFormatting.signed(m.sizeDelta)))"
                out += "  ~ \(TextFormatting.path(m.path, in: inBundle)): \(what)\n"
            }
            for p in b.plistChanges {
                out += "  plist \(TextFormatting.path(p.path, in: inBundle))"
                if let f = p.formatChange {
                    out += ": format \(format(f.oldFormat.rawValue, f.oldEncoding?.rawValue)) → \(format(f.newFormat.rawValue, f.newEncoding?.rawValue))"
                    if p.isFormatOnly { out += " (values unchanged)" }
                }
                out += "\n"
                if let problem = p.decodeProblem { out += "      undecodable: \(TextFormatting.oneLine(problem))\n" }
                for k in p.keyChanges {
                    out += "      \(symbol(k.kind)) \(TextFormatting.oneLine(k.keyPathDescription)): \(ValueText.inline(k.oldValue)) → \(ValueText.inline(k.newValue))"
                    if k.kind == .typeChanged, let o = k.oldValue, let n = k.newValue { out += " (\(o.typeName) → \(n.typeName))" }
                    out += "\n"
                }
            }
            for n in b.signatureNoise {
                out += "  ≈ \(TextFormatting.path(n.path, in: inBundle)): \(n.kind.rawValue) (signature noise)\n"
            }
        }
        if !c.outsideBundles.isEmpty {
            out += "\n== outside bundles\n"
            for e in c.outsideBundles.added { out += "  + \(e.path)\n" }
            for e in c.outsideBundles.removed { out += "  - \(e.path)\n" }
            for m in c.outsideBundles.modified { out += "  ~ \(m.path) (\(TextFormatting.signed(m.sizeDelta)) B)\n" }
        }
    }

    private static func moves(_ c: BuildComparison, into out: inout String) {
        guard !c.moves.isEmpty else { return }
        out += "\nMOVED RESOURCES\n"
        for m in c.moves {
            let targets = m.to.map(\.description).joined(separator: ", ")
            var line = "  \(m.from) → \(targets) [\(m.kind.rawValue)"
            if m.fileCount > 1 { line += ", \(m.fileCount) files" }
            if m.contentChanged { line += ", content changed" }
            line += "]"
            if m.crossesBundles { line += " from \(m.fromBundle ?? "(none)") to \(m.toBundle ?? "(none)")" }
            out += TextFormatting.oneLine(line) + "\n"
        }
    }

    private static func format(_ format: String, _ encoding: String?) -> String {
        encoding.map { "\(format) (\($0))" } ?? format
    }

    private static func symbol(_ kind: PlistKeyChange.Kind) -> String {
        switch kind {
        case .added: "+"
        case .removed: "-"
        case .changed: "~"
        case .typeChanged: "!"
        }
    }
}

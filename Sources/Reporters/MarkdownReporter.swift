import BundleModel
import Comparison
import Rules

/// `--format markdown`: a pull-request comment or CI step summary. A one-line verdict,
/// the findings table, the bundles table, then collapsible details. Every list shows at
/// most `maxRows` rows and says how many it left out; the whole report stays under
/// `limit` bytes (GitHub cuts comments at 65,536 characters). When it has to cut, what
/// matters keeps its room: failing and localization findings, then the localization
/// matrices and their gaps, the bundles, moves; the per-file lists are the first to go.
public enum MarkdownReporter {
    public static let limit = 60_000
    static let maxRows = 50

    public static func render(_ r: DiffReport, limit: Int = limit) -> String {
        var page = MarkdownPage(limit: limit)
        page.write(verdict(r) + "\n\n" + sides(r) + "\n")
        // Reading order: findings, bundles, each bundle's files, outside, moves, localization.
        let bundles = r.kind == .diff ? r.comparison.bundles.filter { !$0.isEmpty } : []
        let outside = 2 + bundles.count, moved = outside + 1, localized = moved + 1
        page.add(findings(r, budget: page.remaining), at: 0)
        if r.kind == .diff {
            for (i, change) in r.localization.enumerated() {
                page.add(localization(change, budget: page.remaining), at: localized + i)
            }
        }
        page.add(self.bundles(r.comparison, budget: page.remaining), at: 1)
        if r.kind == .diff {
            let facts = BinaryFactsText(r.comparison)
            if !r.comparison.moves.isEmpty { page.add(moves(r.comparison, budget: page.remaining), at: moved) }
            if !r.comparison.outsideBundles.isEmpty {
                page.add(self.outside(r.comparison.outsideBundles, facts: facts, budget: page.remaining), at: outside)
            }
            for (i, b) in bundles.enumerated() { page.add(details(b, facts: facts, budget: page.remaining), at: 2 + i) }
        }
        return page.finished()
    }

    /// `**FAIL**: 1 failing of 17 findings (1 error, 13 warning, 3 info; fail on error) · app 1.0 (41) → 1.1 (42)`
    static func verdict(_ r: DiffReport) -> String {
        let counts = Severity.allCases.reversed().map { s in "\(r.findings.count { $0.severity == s }) \(s.rawValue)" }
        let gate = "fail on \(r.failOn.rawValue)" + (r.onlyNew ? ", new findings only" : "")
        return "**\(r.failing.isEmpty ? "PASS" : "FAIL")**: \(r.failing.count) failing of \(r.findings.count) findings "
            + "(\(counts.joined(separator: ", ")); \(gate)\(r.isIdentical ? "; " + DiffReport.identicalNote : "")) · bundlediff \(r.kind.rawValue) "
            + MarkdownText.inline(r.appName) + " " + (r.kind == .check ? ""
                : MarkdownText.inline(r.versionText(isNew: false)) + " → ")
            + MarkdownText.inline(r.versionText(isNew: true))
    }

    private static func sides(_ r: DiffReport) -> String {
        func side(_ s: DiffReport.Side) -> String {
            MarkdownText.inline(s.reference) + (s.commit.map { " (commit \($0.prefix(12)))" } ?? "")
                + MarkdownText.inline(r.containerNote(s))
        }
        let sides = r.kind == .check ? "Build: \(side(r.newSide))" : "Old: \(side(r.oldSide)) · New: \(side(r.newSide))"
        return sides + " · bundlediff \(MarkdownText.inline(r.toolVersion))"
            + " · \(MarkdownText.inline(r.date))"
    }

    private static func findings(_ r: DiffReport, budget: Int) -> String? {
        let title = "\n#### Findings\n\n"
        guard !r.findings.isEmpty else { return title + "No findings.\n" }
        let failing = Set(r.failing)
        var table = MarkdownTable("Severity", "Rule", "Bundle", "Finding", "Status")
        for f in r.findings {
            var flags: [String] = []
            if failing.contains(f) { flags.append("**failing**") }
            if let isNew = f.isNew { flags.append(isNew ? "new" : "existing") }
            if f.isAccepted { flags.append("accepted") }
            table.add(f.severity.rawValue, "`\(f.ruleID.rawValue)`", MarkdownText.inline(f.bundle, limit: 80),
                      MarkdownText.inline(f.message), flags.joined(separator: ", "))
        }
        // When rows must go, failing findings stay, then localization findings.
        let priority = { (i: Int) in
            failing.contains(r.findings[i]) ? 0 : r.findings[i].ruleID.rawValue.hasPrefix("l10n.") ? 1 : 2
        }
        return table.render(maxRows: maxRows, budget: budget - title.utf8.count, priority: priority).map { title + $0 }
    }

    private static func bundles(_ c: BuildComparison, budget: Int) -> String? {
        let title = "\n#### Bundles\n\n"
        var table = MarkdownTable("Bundle", "Status", "Version", "Files", "Size", "Languages")
        for b in BundleSummary.all(c) {
            var languages = b.languages.joined(separator: " ")
            if !b.languagesAdded.isEmpty { languages += "; added " + b.languagesAdded.joined(separator: " ") }
            if !b.languagesRemoved.isEmpty { languages += "; removed " + b.languagesRemoved.joined(separator: " ") }
            for rename in b.languagesRenamed { languages += "; renamed \(rename.from) → \(rename.to)" }
            table.add(MarkdownText.inline(b.name, limit: 80), b.status.rawValue,
                      MarkdownText.inline("\(TextFormatting.version(b.old)) → \(TextFormatting.version(b.new))"),
                      "+\(b.filesAdded) −\(b.filesRemoved) ~\(b.filesModified)",
                      "\(TextFormatting.bytes(b.newBytes)) (\(TextFormatting.signedBytes(b.bytesDelta)))",
                      MarkdownText.inline(languages))
        }
        return table.render(maxRows: maxRows, budget: budget - title.utf8.count).map { title + $0 }
    }

    /// A collapsible section: `<details><summary>…</summary>`, the tables, `</details>`;
    /// `priority` ranks the rows kept when some must go (`MarkdownTable.render`).
    static func section(_ summary: String, _ tables: [MarkdownTable], budget: Int,
                        priority: (Int) -> Int = { _ in 0 }) -> String? {
        let open = "\n<details><summary>\(summary)</summary>\n\n"
        let close = "\n</details>\n"
        var body = ""
        for (i, table) in tables.enumerated() where !table.rows.isEmpty {
            let room = budget - open.utf8.count - close.utf8.count - body.utf8.count - 1
            guard let rendered = table.render(maxRows: maxRows, budget: room, priority: priority) else { return nil }
            body += (i > 0 && !body.isEmpty ? "\n" : "") + rendered
        }
        return open + body + close
    }
}

import Foundation
@testable import Reporters
import Testing
import TestSupport

/// `--format markdown` fits a pull-request comment: hostile names cannot break a table or
/// inject HTML, and thousands of changes stay under the size cap.
@Suite struct MarkdownReportTests {
    /// The table rows of a Markdown text, each split on unescaped `|`.
    static func rows(_ text: String) -> [[Substring]] {
        text.split(separator: "\n").filter { $0.hasPrefix("|") }.map { line in
            var cells: [Substring] = []
            var start = line.startIndex
            var escaped = false
            for i in line.indices {
                if escaped { escaped = false; continue }
                if line[i] == "\\" { escaped = true } else if line[i] == "|" {
                    cells.append(line[start..<i])
                    start = line.index(after: i)
                }
            }
            cells.append(line[start...])
            return cells
        }
    }

    @Test func hostileNamesStayInsideTheirCells() throws {
        let text = try HostileReportTests.render("markdown")
        try GoldenReportTests.check(text, golden: "Tests/Goldens/hostile-diff.md")
        #expect(!text.contains("<script>"), "no raw markup")
        #expect(!text.unicodeScalars.contains("\u{202E}"), "no raw right-to-left override")
        #expect(text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(text.contains("a\\|b \\`tick\\` \\*star\\* \\[link\\](x)"))
        #expect(text.contains("first\\\\nsecond"), "a line break shows as \\n (its backslash escaped)")
        var tables: [Int] = []
        for row in Self.rows(text) {
            #expect(row.first == "" && row.last == "", "a row starts and ends with a pipe: \(row)")
            if row.dropFirst().first?.hasPrefix(" ---") == true { tables.append(row.count) }
        }
        let headerWidths = Set(Self.rows(text).map(\.count))
        #expect(headerWidths.isSubset(of: Set(tables)), "every row has as many cells as a table header: \(headerWidths)")
    }

    @Test func thousandsOfChangesStayUnderTheCommentLimit() throws {
        let scratch = try ScratchDirectory("markdown")
        let (old, new) = try ReportFixtures.thousands(3000, in: scratch)
        let r = CLIHarness.run(["diff", old, new, "--format", "markdown", "--report-date", GoldenReportTests.date])
        #expect(r.err.isEmpty, "\(r.err)")
        #expect(r.out.utf8.count <= 60_000, "\(r.out.utf8.count) bytes")
        #expect(r.out.hasPrefix("**PASS**: 0 failing of 0 findings"), "\(r.out.prefix(200))")
        #expect(r.out.contains("… and 5,952 more not shown"), "3,000 added and 3,002 modified files, 50 shown")
        #expect(r.out.components(separatedBy: "<details>").count == r.out.components(separatedBy: "</details>").count)
    }

    @Test func theSizeCapDropsWholeSectionsAndSaysSo() throws {
        let scratch = try ScratchDirectory("markdown")
        var old = ReportFixtures.plainApp(version: "1", strings: [:])
        var new = ReportFixtures.plainApp(version: "2", strings: [:])
        for i in 0..<40 {
            let name = String(repeating: "\u{202E}", count: 60) + "\(i)"
            old.setFile("Hostile.app/Frameworks/F\(i).framework/Info.plist", FixtureBuilder.plist(["CFBundleIdentifier": "f\(i)"]))
            new.setFile("Hostile.app/Frameworks/F\(i).framework/Info.plist", FixtureBuilder.plist(["CFBundleIdentifier": "f\(i)"]))
            for j in 0..<50 { new.setFile("Hostile.app/Frameworks/F\(i).framework/\(name)-\(j)", "x") }
        }
        let o = try old.writeDirectory(in: scratch.path("old"))
        let n = try new.writeDirectory(in: scratch.path("new"))
        let r = CLIHarness.run(["diff", o, n, "--format", "markdown"])
        #expect(r.out.utf8.count <= 60_000, "\(r.out.utf8.count) bytes")
        #expect(r.out.contains("more section(s) not shown: this report is capped at 60,000 characters"))
        #expect(r.out.components(separatedBy: "<details>").count == r.out.components(separatedBy: "</details>").count)
    }

    @Test func theCapKeepsLocalizationAndDropsPerFileListsFirst() throws {
        let scratch = try ScratchDirectory("markdown")
        let old = try CLIHarness.editedDemoBuild(1, in: scratch, named: "old") { _ in }
        let new = try CLIHarness.editedDemoBuild(2, in: scratch, named: "new") { _ in }
        let long = String(repeating: "n", count: 200)
        for i in 0..<25 {
            let info = try PropertyListSerialization.data(fromPropertyList: ["CFBundleIdentifier": "com.example.f\(i)"],
                                                          format: .xml, options: 0)
            for app in [old, new] {
                let framework = app + "/Frameworks/F\(i).framework"
                try FileManager.default.createDirectory(atPath: framework, withIntermediateDirectories: true)
                try info.write(to: URL(fileURLWithPath: framework + "/Info.plist"))
            }
            for j in 0..<30 { try Data("x".utf8).write(to: URL(fileURLWithPath: new + "/Frameworks/F\(i).framework/\(long)-\(j)")) }
        }
        // The stand-in frameworks are no real frameworks (no executable, no versions, unsealed):
        // what `check` says about them is true and beside the point here.
        let config = scratch.path("frameworks.yml")
        try Data(("rules:\n" + ["info-plist.required-keys", "info-plist.bundle-executable", "seal.added", "seal.changed",
                                 "seal.missing", "seal.nested"].map { "  \($0): off\n" }.joined()).utf8)
            .write(to: URL(fileURLWithPath: config))
        let r = CLIHarness.run(["diff", old, new, "--format", "markdown", "--report-date", GoldenReportTests.date,
                                "--config", config])
        #expect(r.status == 1, "\(r.err)")
        #expect(r.out.utf8.count <= 60_000, "\(r.out.utf8.count) bytes")
        #expect(r.out.contains("more section(s) not shown"), "the file lists of 25 frameworks cannot all fit")
        #expect(r.out.contains("<summary>Localization: com.example.wanderlust (4 table(s) × 5 language(s), 9 new gap(s))"),
                "the localization matrix and its gaps survive the cap")
        #expect(r.out.contains("<summary>Moved resources: 1</summary>"))
        #expect(r.out.components(separatedBy: "`l10n.").count - 1 == 14, "every localization finding is in the table")
        #expect(!r.out.contains("<summary>com.example.f24 [added]"), "per-file lists are the first to go")
        #expect(r.out.components(separatedBy: "<details>").count == r.out.components(separatedBy: "</details>").count)
        let localization = try #require(r.out.range(of: "<summary>Localization:"))
        let details = try #require(r.out.range(of: "<summary>com.example.wanderlust [matched]"))
        #expect(details.lowerBound < localization.lowerBound, "sections keep their reading order")
    }

    @Test func aCutTableKeepsItsPriorityRowsInTheirOwnOrder() throws {
        var table = MarkdownTable("n")
        for i in 0..<10 { table.add("row\(i)") }
        let text = try #require(table.render(maxRows: 3, budget: 10_000, priority: { $0.isMultiple(of: 2) ? 1 : 0 }))
        #expect(text.hasPrefix("| n |\n| --- |\n| row1 |\n| row3 |\n| row5 |\n"), "\(text)")
        #expect(text.contains("7 more not shown"), "\(text)")
        let plain = try #require(table.render(maxRows: 3, budget: 10_000))
        #expect(plain.hasPrefix("| n |\n| --- |\n| row0 |\n| row1 |\n| row2 |\n"), "without priorities, the first rows")
    }
}

import Foundation
import Testing
import TestSupport

/// `diff` of two data containers with real SQLite stores: each upgrade scenario gives its
/// store finding (and a clean migration no error), in every format, against goldens.
@Suite struct StoreContainerTests {
    /// The scenarios' expected store findings (rule id, severity) and exit status.
    static let expected: [StoreScenario: (rule: String, severity: String, status: Int32)] = [
        .replaced: ("container.store-emptied", "error", 1),
        .rowsDropped: ("container.store-table-emptied", "warning", 0),
        .migration: ("container.store-migrated", "info", 0),
        .orphanWAL: ("container.store-orphan-wal", "warning", 0),
        .corrupt: ("container.store-unreadable", "warning", 0),
    ]

    @Test(arguments: StoreScenario.allCases)
    func scenarioGivesItsFinding(_ scenario: StoreScenario) throws {
        let scratch = try ScratchDirectory()
        let (before, after) = try scenario.write(in: scratch.path)
        let started = Date()
        let r = CLIHarness.run(["diff", before, after, "--format", "json", "--report-date", GoldenReportTests.date])
        #expect(Date().timeIntervalSince(started) < 30)
        let want = try #require(Self.expected[scenario])
        #expect(r.status == want.status, "\(r.err)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let findings = (root["findings"] as? [[String: Any]]) ?? []
        let store = findings.filter { ($0["ruleId"] as? String)?.contains("store") == true }
        #expect(store.map { $0["ruleId"] as? String } == [want.rule], "\(findings)")
        #expect(store.first?["severity"] as? String == want.severity)
        if scenario == .migration {
            #expect(!findings.contains { $0["severity"] as? String == "error" }, "a clean migration gives no error")
        }
    }

    @Test func storeFindingsInEveryFormatMatchGoldens() throws {
        let scratch = try ScratchDirectory()
        let (before, after) = try StoreScenario.replaced.write(in: scratch.path)
        for (suffix, format) in GoldenReportTests.formats {
            let r = CLIHarness.run(["diff", before, after, "--format", format, "--report-date", GoldenReportTests.date])
            #expect(r.status == 1, "\(r.err)")
            var text = r.out.replacingOccurrences(of: scratch.path + "/", with: "")
            if format == "junit" { text = JUnitReportTests.timeless(text) }
            try GoldenReportTests.check(text, golden: "Tests/Goldens/store-replaced.\(suffix)")
        }
    }

    @Test func recordedContainersKeepTheirStoreFacts() throws {
        let scratch = try ScratchDirectory()
        let (before, after) = try StoreScenario.rowsDropped.write(in: scratch.path)
        let repo = scratch.path("history")
        for (path, label) in [(before, "before"), (after, "after")] {
            let r = CLIHarness.run(["snapshot", "--container", path, "--repo", repo, "--label", label, "--tag", label])
            #expect(r.status == 0, "\(r.err)")
        }
        let r = CLIHarness.run(["diff", "before", "after", "--repo", repo, "--format", "json",
                                "--report-date", GoldenReportTests.date])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("container.store-table-emptied"), "\(r.out)")
    }

    @Test func hostileNamesInAStoreAreEscaped() throws {
        let scratch = try ScratchDirectory()
        let (before, after) = try StoreScenario.migration.write(in: scratch.path)
        let store = after + "/" + StoreScenario.store
        try StoreBuilder(store).exec("ALTER TABLE ZNOTE ADD COLUMN \"ZX\u{1B}[31m\u{202E}evil\nline\" TEXT").close()
        for format in ["text", "github", "markdown"] {
            let r = CLIHarness.run(["diff", before, after, "--format", format, "--color", "always"])
            #expect(r.status == 0, "\(r.err)")
            #expect(r.out.contains("container.store-migrated"))
            #expect(!r.out.contains("\u{1B}[31m") && !r.out.contains("\u{202E}") && !r.out.contains("evil\nline"), "\(r.out)")
        }
    }

    @Test func aStoreSymlinkedOutOfTheContainerIsNotRead() throws {
        let scratch = try ScratchDirectory()
        let (before, after) = try StoreScenario.migration.write(in: scratch.path)
        try StoreBuilder(scratch.path("outside.sqlite")).coreData(notes: 0, folders: 0).close()
        let store = after + "/" + StoreScenario.store
        try FileManager.default.removeItem(atPath: store)
        try FileManager.default.createSymbolicLink(atPath: store, withDestinationPath: scratch.path("outside.sqlite"))
        let r = CLIHarness.run(["diff", before, after, "--format", "json"])
        #expect(r.status != 2, "\(r.err)")
        #expect(!r.out.contains("\"ruleId\" : \"container.store-"), "no store finding from a file outside: \(r.out)")
    }
}

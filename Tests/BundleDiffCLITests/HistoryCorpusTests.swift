import Foundation
import Testing
import TestSupport

/// History queries on real builds from the corpus, recorded in their historical order.
@Suite(Corpus.trait) struct HistoryCorpusTests {
    /// Records the builds of a corpus set (folders named by date) one day after another.
    static func record(_ builds: [String], in scratch: ScratchDirectory) throws -> String {
        let repo = scratch.path("repo")
        for (n, build) in builds.enumerated() {
            let r = CLIHarness.run(["snapshot", try Corpus.path(build), "--repo", repo, "--allow-duplicate",
                                    "--recorded-at", "2026-03-\(String(format: "%02d", n + 1))T12:00:00Z"])
            #expect(r.status == 0, "\(r.err)")
        }
        return repo
    }

    static func rows(_ arguments: [String], repo: String) throws -> [[String: Any]] {
        let r = CLIHarness.run(["history"] + arguments + ["--repo", repo, "--format", "json"])
        #expect(r.status == 0, "\(r.err)")
        return (try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])?["rows"] as? [[String: Any]] ?? []
    }

    /// TableSearch moved its nibs from en.lproj to Base.lproj (recompiled) in 2017 and
    /// bumped CFBundleVersion 1.3 → 1.5 then.
    @Test func tableSearchNibMovedToBase() throws {
        let scratch = try ScratchDirectory("history-corpus")
        let set = "bundles/idb-TableSearch"
        let repo = try Self.record(["2015-10-07_93454f2ee7", "2016-08-16_d0bac6e029", "2017-11-07_2e9d043354",
                                    "2020-02-11_a04ddcd320"].map { "\(set)/\($0)/TableSearch.app" }, in: scratch)
        let version = try Self.rows(["key", "CFBundleVersion"], repo: repo)
        #expect(version.map { "\($0["recordedAt"] as? String ?? ""):\($0["value"] as? String ?? "")" }
                == ["2026-03-01T12:00:00Z:1.3", "2026-03-03T12:00:00Z:1.5"])
        let nib = try Self.rows(["path", "TableSearch.app/en.lproj/TableCell.nib"], repo: repo)
        #expect(nib.map { $0["change"] as? String } == ["appeared", "moved and changed"])
        #expect(nib.last?["path"] as? String == "TableSearch.app/Base.lproj/TableCell.nib")
        let languages = try Self.rows(["languages"], repo: repo)
        #expect(languages.map { $0["changes"] as? String } == [nil, nil, "+Base -en", nil])
    }

    /// Five Sparkle.framework builds (two of them under another zip root): every query in
    /// every format answers, and the bundles stay one column each by identifier.
    @Test func sparkleFrameworkBuilds() throws {
        let scratch = try ScratchDirectory("history-corpus")
        let set = "bundles/sparkle-framework-builds"
        let builds = ["2013-06-07_502c7fb6db/Sparkle.framework.zip", "2013-08-19_b3c69f8b8c/DevMate_Sparkle.zip",
                      "2013-08-20_1e75acb963/DevMate_Sparkle.zip", "2013-10-18_9c8e08b7ae/DevMate_Sparkle.zip",
                      "2013-10-18_bbe75fc6f2/DevMate_Sparkle.zip"]
        let repo = try Self.record(builds.map { "\(set)/\($0)" }, in: scratch)
        let size = try Self.rows(["size"], repo: repo)
        #expect(size.count == 5)
        #expect(size.allSatisfy { ($0["bundle:org.andymatuschak.Sparkle"] as? Int ?? 0) > 1_000_000 })
        #expect(try Self.rows(["key", "CFBundleVersion"], repo: repo).count == 4)
        for query in [["builds"], ["key", "CFBundleShortVersionString"], ["size"], ["languages"]] {
            for format in ["text", "json", "csv", "html"] {
                let r = CLIHarness.run(["history"] + query + ["--repo", repo, "--format", format])
                #expect(r.status == 0 && !r.out.isEmpty && r.err.isEmpty, "\(query) \(format): \(r.err)")
            }
        }
    }

    /// A diff of two recorded builds finds what the diff of the same builds on disk finds,
    /// read cold (no derived cache: the trees are walked) and then warm (from the cache and
    /// the build's kept facts, the old build prepared on the other core while the new one
    /// loads, the second build naming the first one's entries): every finding, and every
    /// bundle's changed files, on real builds.
    @Test func recordedDiffsFindWhatDiskDiffsFind() throws {
        let sets: [(String, [String])] = [
            ("bundles/idb-TableSearch", ["2015-10-07_93454f2ee7", "2016-08-16_d0bac6e029", "2017-11-07_2e9d043354",
                                         "2020-02-11_a04ddcd320"].map { "\($0)/TableSearch.app" }),
            ("bundles/sparkle-framework-builds", ["2013-06-07_502c7fb6db/Sparkle.framework.zip", "2013-08-19_b3c69f8b8c/DevMate_Sparkle.zip",
                                                  "2013-10-18_9c8e08b7ae/DevMate_Sparkle.zip"]),
            ("bundles/idb-MacUnitTestFixture", ["2016-08-16_d0bac6e029", "2017-12-06_bac14c312a", "2021-02-03_c401fa9d7c"]
                .map { "\($0)/MacUnitTestFixture.xctest" }),
        ]
        func report(_ arguments: [String]) throws -> (findings: [String], bundles: [String]) {
            let r = CLIHarness.run(["diff"] + arguments + ["--format", "json"])
            #expect(r.status == 0 || r.status == 1, "\(arguments): \(r.err)")
            let json = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any] ?? [:]
            func lines(_ key: String) throws -> [String] {
                try (json[key] as? [Any] ?? []).map {
                    String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]), as: UTF8.self)
                }
            }
            return (try lines("findings"), try lines("bundles"))
        }
        var compared = 0, findings = 0
        for (set, builds) in sets {
            let scratch = try ScratchDirectory("recorded-diff-corpus")
            let paths = try builds.map { try Corpus.path("\(set)/\($0)") }
            let repo = try Self.record(builds.map { "\(set)/\($0)" }, in: scratch)
            let commits = try Self.rows(["builds"], repo: repo).compactMap { $0["commit"] as? String }
            #expect(commits.count == builds.count, "\(set)")
            for k in 1..<min(commits.count, paths.count) {
                let disk = try report([paths[k - 1], paths[k]])
                let cold = try report([commits[k - 1], commits[k], "--repo", repo])
                let warm = try report([commits[k - 1], commits[k], "--repo", repo])
                #expect(cold.findings == disk.findings && warm.findings == disk.findings, "\(set) \(k)")
                #expect(cold.bundles == disk.bundles && warm.bundles == disk.bundles, "\(set) \(k)")
                compared += 1
                findings += disk.findings.count
            }
        }
        #expect(compared == 7 && findings > 10)
    }
}

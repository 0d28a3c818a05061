import Dispatch
import Foundation
import Testing
import TestSupport

/// The derived cache of history queries (`<git dir>/bundlediff/cache`): every answer is the
/// same cold, warm, after the cache is deleted or damaged, after more builds, after the
/// line is rewritten, and with another history's cache copied in.
@Suite struct HistoryCacheTests {
    /// Every query that keeps answers in the cache (the first two in JSON too).
    static let queries: [[String]] = [
        ["size", "--format", "json"], ["languages", "--format", "json"],
        ["size"], ["languages"], ["languages", "--reference", "fr"], ["languages", "--bundle", "com.example.myapp.share"],
        ["key", "CFBundleVersion"], ["key", "NSCameraUsageDescription"], ["key", "UIDeviceFamily"],
        ["key", "greeting", "--language", "fr"], ["key", "CFBundleIdentifier", "--bundle", "com.example.myapp.share"],
        ["key", "CFBundleVersion", "--file", "MyApp.app/Info.plist"],
        ["path", "MyApp.app/Assets.car"], ["path", "MyApp.app/fr.lproj"], ["path", "MyApp.app/ko.lproj/Localizable.strings"],
    ]

    static func answers(_ h: HistoryFixture) -> [String] {
        queries.map { q in h.history(q) }.map { "\($0.status)\n\($0.out)\($0.err)" }
    }

    static func cacheFiles(_ repo: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: repo + "/bundlediff/cache/query")) ?? []).sorted()
    }

    @Test func warmAnswersEqualColdOnes() throws {
        let h = try HistoryFixture()
        #expect(Self.cacheFiles(h.repo).isEmpty)
        let cold = Self.answers(h)
        let files = Self.cacheFiles(h.repo)
        #expect(files.contains { $0.hasPrefix("size-") } && files.contains { $0.hasPrefix("languages-") }
                && files.contains { $0.hasPrefix("keyvalue-") } && files.contains { $0.hasPrefix("path-") }, "\(files)")
        #expect(!files.contains { $0.contains(".tmp-") })
        #expect(Self.answers(h) == cold)
        // The warm run wrote nothing new.
        let stamps = try files.map { try FileManager.default.attributesOfItem(atPath: h.repo + "/bundlediff/cache/query/" + $0)[.modificationDate] as? Date }
        _ = Self.answers(h)
        #expect(try files.map { try FileManager.default.attributesOfItem(atPath: h.repo + "/bundlediff/cache/query/" + $0)[.modificationDate] as? Date } == stamps)
        #expect(try CLIHarness.git(["fsck", "--strict"], repo: h.repo).status == 0)
    }

    /// The cache answers a warm query: a size entry changed (with a matching checksum) shows
    /// in the answer, so the warm run did not read the tree.
    @Test func warmSizeComesFromTheCache() throws {
        let h = try HistoryFixture()
        let before = try h.rows(["size"])
        let file = h.repo + "/bundlediff/cache/query/" + (try #require(Self.cacheFiles(h.repo).first { $0.hasPrefix("size-") }))
        var text = try String(contentsOfFile: file, encoding: .utf8)
        let mainBytes = try #require(before.first?["bundle:com.example.myapp"] as? Int)
        text = text.replacingOccurrences(of: "\t=com.example.myapp\t\(mainBytes)\t", with: "\t=com.example.myapp\t7\t")
        try Self.rewrite(file, body: String(text.drop { $0 != "\n" }.dropFirst()))
        #expect(try h.rows(["size"]).first?["bundle:com.example.myapp"] as? Int == 7)
    }

    @Test func deletedOrDamagedCacheIsIgnoredAndRebuilt() throws {
        let h = try HistoryFixture()
        let cold = Self.answers(h)
        let folder = h.repo + "/bundlediff/cache/query/"
        let damages: [(String, (String) -> String)] = [
            ("one byte changed", { $0.replacingOccurrences(of: "\t=com.example.myapp\t", with: "\t=com.example.myapq\t") }),
            ("truncated", { String($0.prefix($0.count / 2)) }),
            ("empty", { _ in "" }),
            ("another version", { $0.replacingOccurrences(of: "bundlediff-cache 1 ", with: "bundlediff-cache 9 ") }),
            ("binary garbage", { _ in "\u{0}\u{1}\u{FFFD}\t\n\n\\" }),
        ]
        for (what, damage) in damages {
            for name in Self.cacheFiles(h.repo) {
                let text = try String(contentsOfFile: folder + name, encoding: .utf8)
                try Data(damage(text).utf8).write(to: URL(fileURLWithPath: folder + name))
            }
            #expect(Self.answers(h) == cold, "\(what)")
        }
        #expect(Self.answers(h) == cold, "rebuilt")
        // Well-formed files whose values are not what a query writes: recomputed.
        for name in Self.cacheFiles(h.repo) {
            let text = try String(contentsOfFile: folder + name, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
            let body = lines.enumerated().map { i, line in
                i == 0 || line.isEmpty ? String(line) : String(line.prefix(40)) + "\tnot\\xvalid\t\\"
            }.joined(separator: "\n")
            try Self.rewrite(folder + name, body: body)
        }
        #expect(Self.answers(h) == cold)
        try FileManager.default.removeItem(atPath: h.repo + "/bundlediff")
        #expect(Self.answers(h) == cold)
        // A cache folder that cannot be written: answers without it.
        try FileManager.default.removeItem(atPath: h.repo + "/bundlediff")
        try Data().write(to: URL(fileURLWithPath: h.repo + "/bundlediff"))
        #expect(Self.answers(h) == cold)
    }

    /// Builds recorded after the cache was written, a line reset to an earlier build and
    /// built on again, and another history's cache copied in: each answer equals the one
    /// of the same history without a cache.
    @Test func recordingsRewritesAndForeignCachesNeverGiveAWrongAnswer() throws {
        let h = try HistoryFixture()
        _ = Self.answers(h)
        let other = try HistoryFixture()
        let scratch = try ScratchDirectory("history-cache")
        var app = FixtureBuilder.iOSApp(languages: ["en", "fr"])
        for n in 7...8 {
            app.updateInfo("MyApp.app") { $0["CFBundleVersion"] = "\(n)"; $0["CFBundleShortVersionString"] = "2.\(n)" }
            app.setFile("MyApp.app/Assets.car", FixtureBuilder.bytes(100 * n, seed: UInt64(n)))
            let dir = scratch.path("b\(n)")
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            #expect(CLIHarness.run(["snapshot", try app.writeDirectory(in: dir), "--repo", h.repo,
                                    "--recorded-at", "2026-01-0\(n)T09:00:00Z"]).status == 0)
        }
        let grown = Self.answers(h)
        try FileManager.default.removeItem(atPath: h.repo + "/bundlediff")
        #expect(Self.answers(h) == grown)
        // Rewrite: the line goes back to build 3, then gets a different build 4.
        let branch = "refs/heads/com.example.myapp/main"
        let third = try CLIHarness.git(["rev-parse", branch + "~5"], repo: h.repo).out
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try CLIHarness.git(["update-ref", branch, third], repo: h.repo).status == 0)
        app.updateInfo("MyApp.app") { $0["CFBundleVersion"] = "40"; $0["CFBundleShortVersionString"] = "4.0" }
        let dir = scratch.path("b40")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        #expect(CLIHarness.run(["snapshot", try app.writeDirectory(in: dir), "--repo", h.repo,
                                "--recorded-at", "2026-02-01T09:00:00Z"]).status == 0)
        let rewritten = Self.answers(h)
        try FileManager.default.removeItem(atPath: h.repo + "/bundlediff")
        #expect(Self.answers(h) == rewritten)
        // The grown history's cache in the other history, and the other way round.
        let otherCold = Self.answers(other)
        try FileManager.default.removeItem(atPath: other.repo + "/bundlediff")
        try FileManager.default.copyItem(atPath: h.repo + "/bundlediff", toPath: other.repo + "/bundlediff")
        #expect(Self.answers(other) == otherCold)
        try FileManager.default.removeItem(atPath: h.repo + "/bundlediff")
        try FileManager.default.copyItem(atPath: other.repo + "/bundlediff", toPath: h.repo + "/bundlediff")
        #expect(Self.answers(h) == rewritten)
    }

    /// Processes querying and recording at once: every query answers, the cache files stay
    /// well-formed (no temporary file left), and a later run still gives the cold answers.
    @Test(.enabled(if: FreshProcessTests.runnable, "needs the built bundlediff next to the tests"))
    func concurrentQueriesAndRecordingsKeepTheCacheWhole() throws {
        let h = try HistoryFixture()
        let count = 8
        let results = ResultList(count)
        DispatchQueue.concurrentPerform(iterations: count) { i in
            let arguments = i == count - 1
                ? ["snapshot", h.scratch.path("b6") + "/MyApp.app", "--repo", h.repo, "--allow-duplicate"]
                : ["history"] + Self.queries[2 + i % 4] + ["--repo", h.repo]
            results[i] = try? ChildProcess.run(UnreadableFileTests.binary, arguments)
        }
        for i in 0..<count {
            let child = try #require(results[i])
            #expect(child.reason == .exit && child.status == 0, "process \(i): \(child.err)")
        }
        #expect(!Self.cacheFiles(h.repo).contains { $0.contains(".tmp-") })
        let warm = Self.answers(h)
        try FileManager.default.removeItem(atPath: h.repo + "/bundlediff")
        #expect(Self.answers(h) == warm)
    }

    /// Writes a cache file with a correct header for `body` (the lines after the header).
    static func rewrite(_ file: String, body: String) throws {
        let bytes = Array(body.utf8)
        let hash = try #require(try Self.gitBlobID(bytes))
        try Data(("bundlediff-cache 1 " + hash + "\n" + body).utf8).write(to: URL(fileURLWithPath: file))
    }

    /// `git hash-object` of bytes, by the git CLI (independent of the code under test).
    static func gitBlobID(_ bytes: [UInt8]) throws -> String? {
        let scratch = try ScratchDirectory("history-cache-hash")
        let file = scratch.path("blob")
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let r = try runGit(["hash-object", file], in: scratch.path)
        return r.status == 0 ? r.out.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }
}

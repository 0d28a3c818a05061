import Foundation
import Testing
import TestSupport

/// Recording keeps a multi-pack-index over the packs (one per recording), so long
/// histories stay quick to read; git accepts it.
@Suite struct HistoryPackIndexTests {
    @Test func recordingsKeepAMultiPackIndex() throws {
        let scratch = try ScratchDirectory("pack-index")
        let repo = scratch.path("repo")
        let index = repo + "/objects/pack/multi-pack-index"
        var app = FixtureBuilder.iOSApp(languages: ["en"], nested: false)
        for n in 1...33 {
            app.updateInfo("MyApp.app") { $0["CFBundleVersion"] = "\(n)" }
            let dir = scratch.path("b\(n)")
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            let r = CLIHarness.run(["snapshot", try app.writeDirectory(in: dir), "--repo", repo,
                                    "--recorded-at", "2026-04-01T00:00:\(String(format: "%02d", n))Z"])
            #expect(r.status == 0, "\(r.err)")
            // 31 packs stay uncovered; the 32nd uncovered pack triggers the index.
            #expect(FileManager.default.fileExists(atPath: index) == (n >= 32), "after recording \(n)")
        }
        #expect(try CLIHarness.git(["fsck", "--strict"], repo: repo).status == 0)
        #expect(try CLIHarness.git(["multi-pack-index", "verify"], repo: repo).status == 0)
        let builds = CLIHarness.run(["history", "builds", "--repo", repo, "--format", "csv"])
        #expect(builds.out.split(separator: "\r\n").count == 34, "\(builds.err)")
        #expect(try CLIHarness.git(["count-objects", "-v"], repo: repo).out.contains("packs: 33"))
    }
}

import Foundation
import Testing
import TestSupport

/// Each recording adds a pack; recording merges the smallest ones whenever their sizes
/// stop forming a geometric progression, so a long history holds a handful of packs
/// (about log2 of its object count) and git accepts it.
@Suite struct HistoryPackIndexTests {
    @Test func recordingsKeepFewPacks() throws {
        let scratch = try ScratchDirectory("pack-index")
        let repo = scratch.path("repo")
        let folder = repo + "/objects/pack"
        var app = FixtureBuilder.iOSApp(languages: ["en"], nested: false)
        var most = 0
        for n in 1...33 {
            app.updateInfo("MyApp.app") { $0["CFBundleVersion"] = "\(n)" }
            let dir = scratch.path("b\(n)")
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            let r = CLIHarness.run(["snapshot", try app.writeDirectory(in: dir), "--repo", repo,
                                    "--recorded-at", "2026-04-01T00:00:\(String(format: "%02d", n))Z"])
            #expect(r.status == 0, "\(r.err)")
            let packs = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".pack") }
            most = max(most, packs.count)
        }
        // 33 recordings of a few dozen objects each: at most log2(33 × 40) + 1 packs.
        #expect(most <= 12, "at most \(most) packs")
        #expect(!FileManager.default.fileExists(atPath: folder + "/multi-pack-index"))
        #expect(try CLIHarness.git(["fsck", "--strict"], repo: repo).status == 0)
        let builds = CLIHarness.run(["history", "builds", "--repo", repo, "--format", "csv"])
        #expect(builds.out.split(separator: "\r\n").count == 34, "\(builds.err)")
    }
}

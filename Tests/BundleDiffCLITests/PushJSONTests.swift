import Foundation
import Testing
import TestSupport

/// `snapshot --push --format json` names the commit the build has on the remote, also when
/// it was put on top of another runner's build, and keeps standard output one document.
@Suite struct PushJSONTests {
    @Test func theDocumentNamesTheCommitOnTheRemote() throws {
        let scratch = try ScratchDirectory("push-json")
        let remote = scratch.path("shared.git")
        #expect(try runGit(["init", "--bare", "-q", remote], in: scratch.path).status == 0)
        let first = CLIHarness.run(["snapshot", CLIHarness.demoBuild(1), "--repo", scratch.path("a"), "--push", remote])
        #expect(first.status == 0, "\(first.err)")
        // Runner b has not seen a's build: its build is rebuilt on top of it when pushed.
        let second = CLIHarness.run(["snapshot", CLIHarness.demoBuild(2), "--repo", scratch.path("b"), "--push", remote,
                                     "--format", "json"])
        #expect(second.status == 0, "\(second.err)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(second.out.utf8)) as? [String: Any])
        let tip = try runGit(["rev-parse", "refs/heads/com.example.wanderlust/main"], in: remote).out
        #expect(document["commit"] as? String == tip.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(second.err.contains("on top of the builds other runners pushed first"), "\(second.err)")
    }
}

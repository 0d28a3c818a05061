import Foundation
import Testing
import TestSupport

/// In a history whose builds are read, `snapshot` evaluates a signed build's seals as it
/// records it and keeps them (`SealEvaluator.keep`): the first `diff` after the recording
/// reads them, and reports what evaluating them then would have.
@Suite struct RecordedSealFactsTests {
    static func factsFiles(_ repo: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: repo + "/bundlediff/cache/facts")) ?? []).filter { $0.hasPrefix("seals-") }.sorted()
    }

    @Test func aRecordedSignedBuildsSealsAreKeptAsItIsRecorded() throws {
        let scratch = try ScratchDirectory("cli")
        let repo = scratch.path("h")
        let first = CLIHarness.run(["snapshot", CLIHarness.demoBuild(1), "--repo", repo, "--recorded-at", "2026-11-01T09:00:00Z"])
        #expect(first.status == 0, "\(first.err)")
        // Only recorded into: nothing is kept.
        #expect(Self.factsFiles(repo).isEmpty)
        // A read puts the history's derived data in use (and keeps the first build's seals).
        #expect(CLIHarness.run(["check", "latest", "--repo", repo]).status != 2)
        let afterRead = Self.factsFiles(repo)
        #expect(afterRead.count == 1)
        let second = CLIHarness.run(["snapshot", CLIHarness.demoBuild(2), "--repo", repo, "--recorded-at", "2026-11-02T09:00:00Z"])
        #expect(second.status == 0, "\(second.err)")
        // Kept by the recording, before any read of the second build.
        let tree = try CLIHarness.git(["rev-parse", "HEAD^{tree}"], repo: repo)
        let kept = Set(Self.factsFiles(repo)).subtracting(afterRead)
        #expect(kept.count == 1 && kept.first?.hasSuffix(tree.out.trimmingCharacters(in: .whitespacesAndNewlines)) == true)
        // The diff that reads them reports what one that evaluates the seals again does.
        let arguments = ["diff", "latest~1", "latest", "--repo", repo, "--format", "json"]
        let withKept = CLIHarness.run(arguments, environment: CLIHarness.unwrapped)
        for name in kept { try FileManager.default.removeItem(atPath: repo + "/bundlediff/cache/facts/" + name) }
        let evaluated = CLIHarness.run(arguments, environment: CLIHarness.unwrapped)
        #expect(withKept.status == evaluated.status && withKept.err == evaluated.err)
        #expect(withKept.out.split(separator: "\n").filter { !$0.contains("\"date\"") }
                == evaluated.out.split(separator: "\n").filter { !$0.contains("\"date\"") })
        #expect(withKept.out.contains("seal"))
    }
}

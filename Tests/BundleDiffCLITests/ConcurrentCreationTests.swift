import Foundation
import Testing
import TestSupport

/// Several processes whose first recording creates the same missing history at once (CI
/// jobs starting together): the history is made once, every build lands.
@Suite struct ConcurrentCreationTests {
    @Test(.enabled(if: FreshProcessTests.runnable, "needs the built bundlediff next to the tests"))
    func firstRecordingsRacingToCreateOneHistoryAllLand() throws {
        let scratch = try ScratchDirectory("concurrent-create")
        let repo = scratch.path("history")
        let count = 6
        let results = ResultList(count)
        DispatchQueue.concurrentPerform(iterations: count) { i in
            results[i] = try? ChildProcess.run(UnreadableFileTests.binary, [
                "snapshot", CLIHarness.demoBuild(i % 2 + 1), "--repo", repo, "--label", "runner-\(i)",
                "--allow-duplicate",
            ])
        }
        for i in 0..<count {
            let child = try #require(results[i])
            #expect(child.reason == .exit && child.status == 0, "runner \(i): \(child.err)")
        }
        #expect(try CLIHarness.git(["rev-list", "--count", "--all"], repo: repo).out == "\(count)\n")
        #expect(try CLIHarness.git(["fsck", "--strict"], repo: repo).status == 0)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.path)
        #expect(leftovers == ["history"], "half-made histories left aside: \(leftovers)")
    }
}

/// Results written from concurrent iterations, one slot each.
final class ResultList: @unchecked Sendable {
    private var slots: [ChildProcess?]
    private let lock = NSLock()

    init(_ count: Int) { slots = Array(repeating: nil, count: count) }

    subscript(i: Int) -> ChildProcess? {
        get { lock.withLock { slots[i] } }
        set { lock.withLock { slots[i] = newValue } }
    }
}

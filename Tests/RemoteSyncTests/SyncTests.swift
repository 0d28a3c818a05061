import Foundation
import Git
import SnapshotStore
import Testing
import TestSupport

@Suite struct SyncTests {
    @Test func twoRunnersPushToOneBareRemoteAndKeepEveryBuild() throws {
        let scratch = try ScratchDirectory()
        let remote = try makeBareRemote(scratch)
        let a = try HistoryStore.open(at: scratch.path("a"), create: true)
        let b = try HistoryStore.open(at: scratch.path("b"), create: true)
        try recordApp(a, in: scratch, build: "1")
        let first = try a.sync(with: try transfer(a, to: remote), scope: SyncScope(app: "com.example.myapp"), push: true)
        #expect(first.pushed.sorted() == [branch, "refs/tags/com.example.myapp@1.0+1"])
        // b never saw a's build: its own first build is put on top of a's.
        let recorded = try recordApp(b, in: scratch, build: "2")
        let second = try b.sync(with: try transfer(b, to: "file://" + remote), scope: SyncScope(app: "com.example.myapp"),
                                push: true)
        #expect(second.rewritten.keys.sorted() == [recorded.build.commit])
        #expect(second.fetched.contains(branch))
        #expect(try commitCount(branch, in: remote) == 2)
        // a catches up by fast-forward.
        let third = try a.sync(with: try transfer(a, to: remote), scope: SyncScope(), push: true)
        #expect(third.fetched.contains(branch))
        #expect(third.pushed.isEmpty)
        #expect(try commitCount(branch, in: scratch.path("a")) == 2)
        let tags = try runGit(["tag", "--list"], in: remote).out
        #expect(tags == "com.example.myapp@1.0+1\ncom.example.myapp@1.0+2\n")
        // The rewritten build keeps its tree, message and dates.
        let log = try runGit(["log", "--format=%T %at %s", branch], in: remote).out.split(separator: "\n")
        let original = try runGit(["log", "-1", "--format=%T %at %s", recorded.build.commit], in: scratch.path("b")).out
        #expect(log.first.map { String($0) + "\n" } == original)
        for repo in [remote, scratch.path("a"), scratch.path("b")] { try expectFsckClean(repo) }
    }

    @Test func theSameVersionRecordedTwiceKeepsBothBuildsAndReportsTheSecond() throws {
        let scratch = try ScratchDirectory()
        let remote = try makeBareRemote(scratch)
        let a = try HistoryStore.open(at: scratch.path("a"), create: true)
        let b = try HistoryStore.open(at: scratch.path("b"), create: true)
        let ours = try recordApp(a, in: scratch, build: "5", content: "runner a")
        let theirs = try recordApp(b, in: scratch, build: "5", content: "runner b")
        _ = try a.sync(with: try transfer(a, to: remote), scope: SyncScope(app: "com.example.myapp"), push: true)
        let result = try b.sync(with: try transfer(b, to: remote), scope: SyncScope(app: "com.example.myapp"), push: true)
        let moved = try #require(result.rewritten[theirs.build.commit])
        #expect(result.collisions == [VersionCollision(tag: "com.example.myapp@1.0+5", remoteCommit: ours.build.commit,
                                                       localCommit: moved, keptAs: "com.example.myapp@1.0+5#2")])
        #expect(try commitCount(branch, in: remote) == 2)
        #expect(try runGit(["rev-parse", "com.example.myapp@1.0+5"], in: remote).out == ours.build.commit + "\n")
        #expect(try runGit(["rev-parse", "com.example.myapp@1.0+5#2"], in: remote).out == moved + "\n")
        #expect(try runGit(["rev-parse", "com.example.myapp@1.0+5#2"], in: scratch.path("b")).out == moved + "\n")
        try expectFsckClean(remote)
        try expectFsckClean(scratch.path("b"))
    }

    @Test func fetchOnlyBringsTheRemoteBuildsIntoAnEmptyHistory() throws {
        let scratch = try ScratchDirectory()
        let remote = try makeBareRemote(scratch)
        let a = try HistoryStore.open(at: scratch.path("a"), create: true)
        try recordApp(a, in: scratch, build: "1")
        try recordApp(a, in: scratch, build: "2", at: 1_700_000_100)
        _ = try a.sync(with: try transfer(a, to: remote), scope: SyncScope(), push: true)
        let c = try HistoryStore.open(at: scratch.path("c"), create: true)
        let fetched = try c.sync(with: try transfer(c, to: remote), scope: SyncScope(), push: false)
        #expect(fetched.fetched.sorted() == [branch, "refs/tags/com.example.myapp@1.0+1", "refs/tags/com.example.myapp@1.0+2"])
        #expect(try c.builds(app: nil, channel: nil).map(\.build) == ["2", "1"])
        #expect(try runGit(["symbolic-ref", "HEAD"], in: scratch.path("c")).out == branch + "\n")
        try expectFsckClean(scratch.path("c"))
        // The fetch went through a quarantine inside the history, and none is left.
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("c")).allSatisfy { !$0.hasPrefix("quarantine-") })
    }

    @Test func concurrentFetchesIntoOneLocalHistoryAllSucceed() throws {
        let scratch = try ScratchDirectory()
        let remote = try makeBareRemote(scratch)
        let a = try HistoryStore.open(at: scratch.path("a"), create: true)
        for build in 1...3 { try recordApp(a, in: scratch, build: "\(build)", at: 1_700_000_000 + Int64(build)) }
        _ = try a.sync(with: try transfer(a, to: remote), scope: SyncScope(), push: true)
        let local = scratch.path("local")
        _ = try HistoryStore.open(at: local, create: true)
        let failures = FailureList()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do {
                let store = try HistoryStore.open(at: local, create: false)
                _ = try store.sync(with: try transfer(store, to: remote), scope: SyncScope(), push: false)
            } catch {
                failures.add("\(error)")
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all)")
        #expect(try commitCount(branch, in: local) == 3)
        #expect(try runGit(["tag"], in: local).out.split(separator: "\n").count == 3)
        try expectFsckClean(local)
    }
}

final class FailureList: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ item: String) { lock.lock(); items.append(item); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
}

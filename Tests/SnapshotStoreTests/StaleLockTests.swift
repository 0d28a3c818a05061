import BundleModel
import Foundation
import Git
import SnapshotStore
import Testing
import TestSupport

/// A `*.lock` left by a recording that was killed: the next recording holds the writer
/// lock (so no live bundlediff can own the file), waits until the lock file is
/// `Repository.staleLockAge` old, removes it and records.
@Suite struct StaleLockTests {
    func setUp() throws -> (ScratchDirectory, String, HistoryStore, [BuildSnapshot]) {
        let scratch = try ScratchDirectory()
        let repo = scratch.path("h.git")
        let store = try HistoryStore.open(at: repo, create: true)
        let snapshots = try StoreRobustnessTests().builds(3, in: scratch)
        _ = try store.record(snapshots[0], options: options(1))
        return (scratch, repo, store, snapshots)
    }

    /// Leaves a lock file as a killed writer would: with content, `age` seconds old.
    func leaveLock(_ path: String, age: Double) throws {
        try Data("0123456789012345678901234567890123456789\n".utf8).write(to: URL(fileURLWithPath: path))
        let then = Date().addingTimeInterval(-age)
        try FileManager.default.setAttributes([.modificationDate: then], ofItemAtPath: path)
    }

    @Test(arguments: ["refs/heads/com.example.myapp/main.lock", "refs/tags/com.example.myapp@1.0+2.lock"])
    func oldLockIsRemoved(lock: String) throws {
        let (scratch, repo, store, snapshots) = try setUp()
        defer { withExtendedLifetime(scratch) {} }
        try leaveLock(repo + "/" + lock, age: 60)
        let started = Date()
        let result = try store.record(snapshots[1], options: options(2))
        #expect(Date().timeIntervalSince(started) < Repository.staleLockAge)
        #expect(!FileManager.default.fileExists(atPath: repo + "/" + lock))
        #expect(result.versionTag == "com.example.myapp@1.0+2")
        #expect(try store.builds(app: nil, channel: nil).count == 2)
        try expectFsckClean(repo)
    }

    @Test func freshLockIsRemovedOnceItIsStale() throws {
        let (scratch, repo, store, snapshots) = try setUp()
        defer { withExtendedLifetime(scratch) {} }
        let lock = repo + "/refs/heads/com.example.myapp/main.lock"
        try leaveLock(lock, age: 0)
        let started = Date()
        _ = try store.record(snapshots[1], options: options(2))
        #expect(Date().timeIntervalSince(started) >= Repository.staleLockAge - 0.1)
        #expect(!FileManager.default.fileExists(atPath: lock))
        try expectFsckClean(repo)
    }

    @Test func headLockOfANewHistory() throws {
        let scratch = try ScratchDirectory()
        let repo = scratch.path("h.git")
        let store = try HistoryStore.open(at: repo, create: true)
        try leaveLock(repo + "/HEAD.lock", age: 60)
        let snapshot = try StoreRobustnessTests().builds(1, in: scratch)[0]
        _ = try store.record(snapshot, options: options(1))
        let head = try runGit(["symbolic-ref", "HEAD"], in: repo).out
        #expect(head == "refs/heads/com.example.myapp/main\n")
    }

    /// A lock released while the recording waits is not touched, and the record lands.
    @Test func lockReleasedWhileWaiting() throws {
        let (scratch, repo, store, snapshots) = try setUp()
        defer { withExtendedLifetime(scratch) {} }
        let lock = repo + "/refs/heads/com.example.myapp/main.lock"
        try leaveLock(lock, age: 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { unlink(lock) }
        let started = Date()
        _ = try store.record(snapshots[1], options: options(2))
        #expect(Date().timeIntervalSince(started) < Repository.staleLockAge)
        #expect(try store.builds(app: nil, channel: nil).count == 2)
    }
}

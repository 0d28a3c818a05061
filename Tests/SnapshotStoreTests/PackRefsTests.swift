import BundleModel
import Foundation
import Git
import SnapshotStore
import Testing
import TestSupport

/// A recording packs the loose references once more than `looseReferenceLimit` lie under
/// `refs/`, so a history of thousands of builds does not keep thousands of tag files that
/// every listing of the tags opens one by one; every tag still names its commit, for
/// bundlediff and for git.
@Suite struct PackRefsTests {
    let limit = HistoryStore.looseReferenceLimit

    /// Every `refs/…` name and target as git lists them.
    func gitReferences(_ repo: String) throws -> [String: String] {
        let listed = try runGit(["for-each-ref", "--format=%(refname) %(objectname)"], in: repo)
        #expect(listed.status == 0, "git for-each-ref failed: \(listed.err)")
        var out: [String: String] = [:]
        for line in listed.out.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { out[String(parts[0])] = String(parts[1]) }
        }
        return out
    }

    @Test func manyLooseTagsArePackedAndStillResolve() throws {
        let scratch = try ScratchDirectory()
        let repo = scratch.path("h.git")
        let store = try HistoryStore.open(at: repo, create: true)
        let snapshots = try StoreRobustnessTests().builds(2, in: scratch)
        let first = try store.record(snapshots[0], options: options(1)).build
        let git = try Repository.open(at: repo)
        let commit = try #require(ObjectID(hex: first.commit))
        let extra = (0..<(limit * 2)).map { "refs/tags/extra/t\($0)" }
        for name in extra { try git.createReference(name, target: commit, message: "test") }
        #expect(git.looseReferenceFiles().count > limit)

        let second = try store.record(snapshots[1], options: options(2, tags: ["ci/last"])).build
        #expect(git.looseReferenceFiles().count <= limit)
        #expect(FileManager.default.fileExists(atPath: repo + "/packed-refs"))
        // Every reference still resolves, through libgit2 and through git, to the same commit.
        let listed = try gitReferences(repo)
        for name in extra {
            #expect(try git.referenceTarget(name) == commit)
            #expect(listed[name] == first.commit)
        }
        #expect(listed["refs/tags/com.example.myapp@1.0+1"] == first.commit)
        #expect(listed["refs/tags/com.example.myapp@1.0+2"] == second.commit)
        #expect(listed["refs/tags/ci/last"] == second.commit)
        #expect(listed["refs/heads/com.example.myapp/main"] == second.commit)
        let tagList = try runGit(["tag", "-l"], in: repo)
        #expect(tagList.out.split(separator: "\n").count == extra.count + 3)
        let builds = try store.builds(app: nil, channel: nil)
        #expect(builds.map(\.commit) == [second.commit, first.commit])
        #expect(builds.first?.tags == ["ci/last", "com.example.myapp@1.0+2"])
        try expectFsckClean(repo)
    }

    @Test func looseReferencesStayBoundedOverManyRecordings() throws {
        let scratch = try ScratchDirectory()
        let repo = scratch.path("h.git")
        let store = try HistoryStore.open(at: repo, create: true)
        let snapshots = try StoreRobustnessTests().builds(limit + 20, in: scratch)
        var commits: [String] = []
        for (n, snapshot) in snapshots.enumerated() {
            commits.append(try store.record(snapshot, options: options(Int64(n + 1))).build.commit)
        }
        let git = try Repository.open(at: repo)
        #expect(git.looseReferenceFiles().count <= limit)
        // The same version recorded again still finds its tag (packed now) and takes `#2`.
        let again = try store.record(snapshots[0], options: options(Int64(snapshots.count + 1), allowDuplicate: true))
        #expect(again.versionTag == "com.example.myapp@1.0+1#2")
        let listed = try gitReferences(repo)
        for (n, commit) in commits.enumerated() {
            #expect(listed["refs/tags/com.example.myapp@1.0+\(n + 1)"] == commit)
        }
        #expect(try store.builds(app: nil, channel: nil).count == snapshots.count + 1)
        try expectFsckClean(repo)
    }

    /// A killed `packReferences` leaves `packed-refs.lock` and the lock of the loose tag it
    /// was deleting; no later write of that tag would clear it, so the next recording does
    /// (once it is `staleLockAge` old), and a fresh lock of a live writer is waited for.
    @Test func recordingRemovesReferenceLocksAKilledPackLeft() throws {
        let scratch = try ScratchDirectory()
        let repo = scratch.path("h.git")
        let store = try HistoryStore.open(at: repo, create: true)
        let snapshots = try StoreRobustnessTests().builds(2, in: scratch)
        _ = try store.record(snapshots[0], options: options(1))
        let tagLock = repo + "/refs/tags/com.example.myapp@1.0+1.lock"
        let packLock = repo + "/packed-refs.lock"
        let old = Date(timeIntervalSinceNow: -10)
        for lock in [tagLock, packLock] {
            #expect(FileManager.default.createFile(atPath: lock, contents: Data("x\n".utf8)))
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: lock)
        }
        let git = try Repository.open(at: repo)
        #expect(git.looseReferenceFiles().locks == [tagLock])
        _ = try store.record(snapshots[1], options: options(2))
        #expect(!FileManager.default.fileExists(atPath: tagLock))
        #expect(!FileManager.default.fileExists(atPath: packLock))
        #expect(git.looseReferenceFiles().locks.isEmpty)
        try expectFsckClean(repo)
    }
}

import Foundation
import Testing
import TestSupport
@testable import Git

@Suite struct RepositoryTests {
    let signature = Signature(name: "Tester", email: "t@example.com", time: 1_700_000_000)

    @Test func openingANonRepositoryNamesThePath() throws {
        let dir = try ScratchDir()
        defer { dir.remove() }
        #expect {
            _ = try Repository.open(at: dir.path)
        } throws: { error in
            (error as? GitError)?.description == "not a git repository: \(dir.path)"
        }
    }

    @Test func writesObjectsAsOnePackThatGitAccepts() throws {
        let dir = try ScratchDir()
        defer { dir.remove() }
        let repo = try Repository.createBare(at: dir.path)
        let blob = try repo.writeBlob(Array("hello\n".utf8))
        #expect(blob.hex == "ce013625030ba8dba906f756967f9e9ca394464a")
        var node = TreeNode()
        try node.insertBlob(blob, mode: .blob, at: [Array("a".utf8), Array("b.txt".utf8)])
        try node.insertBlob(blob, mode: .executable, at: [Array("run".utf8)])
        try node.insertDirectory(at: [Array("empty".utf8)])
        try node.insertBlob(try repo.writeBlob([]), mode: .blob, at: [Array("zero".utf8)])  // the empty blob is packed too
        let tree = try repo.writeTree(node)
        let commit = try repo.createCommit(tree: tree, parents: [], author: signature,
                                           committer: signature, message: "first\n")
        try repo.flushObjects()
        try repo.createReference("refs/heads/main", target: commit, message: "test")

        let packs = try FileManager.default.contentsOfDirectory(atPath: dir.path + "/objects/pack")
        #expect(packs.filter { $0.hasSuffix(".pack") }.count == 1)
        #expect(try runGit(["fsck", "--strict"], in: dir.path).status == 0)
        #expect(try runGit(["cat-file", "-p", "main:a/b.txt"], in: dir.path).out == "hello\n")
        #expect(try runGit(["ls-tree", "main"], in: dir.path).out.contains("040000 tree \(ObjectID.emptyTree)\tempty"))

        let reopened = try Repository.open(at: dir.path)
        let read = try reopened.commit(commit)
        #expect(read.tree == tree)
        #expect(read.message == "first\n")
        #expect(read.author == signature)
        let entries = try reopened.treeEntries(tree)
        #expect(entries.map { String(decoding: $0.name, as: UTF8.self) } == ["a", "empty", "run", "zero"])
        #expect(entries.map(\.mode) == [.tree, .tree, .executable, .blob])
        let pack = try #require(packs.first { $0.hasSuffix(".idx") })
        #expect(try runGit(["verify-pack", "-v", "objects/pack/" + pack], in: dir.path).out
            .contains("e69de29bb2d1d6434b8b29ae775ad8c2e48c5391 blob"), "git knows the empty blob by heart: look in the pack")
        #expect(try reopened.readBlob(blob) == Array("hello\n".utf8))
        #expect(try reopened.resolveCommit(String(commit.hex.prefix(8))) == commit)
        #expect(try reopened.headReferenceName() == "refs/heads/main")
    }

    @Test func looseModeWritesLooseObjects() throws {
        let dir = try ScratchDir()
        defer { dir.remove() }
        let repo = try Repository.createBare(at: dir.path, objectWriting: .loose)
        let blob = try repo.writeBlob([1, 2, 3])
        #expect(FileManager.default.fileExists(atPath: "\(dir.path)/objects/\(blob.prefix(2))/\(blob.hex.dropFirst(2))"))
        #expect(try repo.contains(blob))
    }

    @Test func laterPacksHoldOnlyNewObjects() throws {
        let dir = try ScratchDir()
        defer { dir.remove() }
        let repo = try Repository.createBare(at: dir.path)
        let shared = try repo.writeBlob(Array("shared\n".utf8))
        let big = try repo.writeBlob(Array(repeating: UInt8(ascii: "x"), count: 100_000))  // compressed
        let empty = try repo.writeBlob([])
        var node = TreeNode()
        try node.insertBlob(shared, mode: .blob, at: [Array("a".utf8)])
        try node.insertBlob(big, mode: .blob, at: [Array("big".utf8)])
        try node.insertBlob(empty, mode: .blob, at: [Array("empty".utf8)])
        let first = try repo.createCommit(tree: try repo.writeTree(node), parents: [], author: signature,
                                          committer: signature, message: "first\n")
        try repo.flushObjects()

        #expect(try repo.writeBlob(Array("shared\n".utf8)) == shared)  // stored already
        let added = try repo.writeBlob(Array("added\n".utf8))
        try node.insertBlob(added, mode: .blob, at: [Array("b".utf8)])
        let second = try repo.createCommit(tree: try repo.writeTree(node), parents: [first], author: signature,
                                           committer: signature, message: "second\n")
        try repo.flushObjects()
        try repo.flushObjects()  // nothing queued: no empty pack
        try repo.createReference("refs/heads/main", target: second, message: "test")

        let packDir = dir.path + "/objects/pack"
        let indexes = try FileManager.default.contentsOfDirectory(atPath: packDir).filter { $0.hasSuffix(".idx") }.sorted()
        #expect(indexes.count == 2)
        var counts: [Int] = []
        for index in indexes {
            let listing = try runGit(["verify-pack", "-v", packDir + "/" + index], in: dir.path)
            #expect(listing.status == 0)
            counts.append(listing.out.split(separator: "\n").filter { $0.contains(" blob ") || $0.contains(" tree ") || $0.contains(" commit ") }.count)
        }
        // First pack: 3 blobs, 1 tree, 1 commit. Second: 1 blob, 1 tree, 1 commit.
        #expect(counts.sorted() == [3, 5])
        #expect(try runGit(["fsck", "--strict", "--full"], in: dir.path).status == 0)
        #expect(try runGit(["cat-file", "-p", "main:b"], in: dir.path).out == "added\n")
        #expect(try runGit(["cat-file", "-s", "main:big"], in: dir.path).out == "100000\n")
        #expect(try Repository.open(at: dir.path).readBlob(big).count == 100_000)
    }

    @Test func unflushedObjectsAreNeverWritten() throws {
        let dir = try ScratchDir()
        defer { dir.remove() }
        var blob: ObjectID?
        do {
            let repo = try Repository.createBare(at: dir.path)
            blob = try repo.writeBlob(Array("gone".utf8))
            #expect(try repo.contains(#require(blob)))
        }
        let reopened = try Repository.open(at: dir.path)
        #expect(try reopened.contains(#require(blob)) == false)
    }

    @Test func compareAndSwapDetectsLostRaceAndLocks() throws {
        let dir = try ScratchDir()
        defer { dir.remove() }
        let repo = try Repository.createBare(at: dir.path)
        let tree = try repo.writeTree(entries: [])
        let c1 = try repo.createCommit(tree: tree, parents: [], author: signature, committer: signature, message: "1\n")
        let c2 = try repo.createCommit(tree: tree, parents: [c1], author: signature, committer: signature, message: "2\n")
        try repo.flushObjects()
        try repo.createReference("refs/heads/x/main", target: c1, message: "t")
        #expect(throws: GitError.self) { try repo.createReference("refs/heads/x/main", target: c2, message: "t") }
        #expect(try repo.referenceTarget("refs/heads/x/main") == c1, "create never overwrites")
        do {
            try repo.updateReference("refs/heads/x/main", to: c2, expected: c2, message: "t")
            Issue.record("expected a lost race")
        } catch {
            #expect(error.code == .concurrentUpdate)
        }
        try repo.updateReference("refs/heads/x/main", to: c2, expected: c1, message: "t")
        #expect(try repo.referenceTarget("refs/heads/x/main") == c2)

        let lock = "\(dir.path)/refs/heads/x/main.lock"
        _ = FileManager.default.createFile(atPath: lock, contents: Data())
        do {
            try repo.updateReference("refs/heads/x/main", to: c1, expected: c2, message: "t")
            Issue.record("expected a lock error")
        } catch {
            #expect(error.code == .locked)
            #expect(error.description == "repository is locked: \(lock) (another bundlediff or git is writing; "
                + "remove the lock file if no other process is running)")
        }
        #expect(try repo.references(matching: "refs/heads/*").map(\.name) == ["refs/heads/x/main"])
    }

    /// Many threads, each with its own repository handle, create one reference: exactly one
    /// wins (the existence check happens under the reference's lock).
    @Test func concurrentCreatorsOnlyOneWins() throws {
        let dir = try ScratchDir()
        defer { dir.remove() }
        let setup = try Repository.createBare(at: dir.path)
        let tree = try setup.writeTree(entries: [])
        var commits: [ObjectID] = []
        for i in 0..<8 {
            commits.append(try setup.createCommit(tree: tree, parents: [], author: signature, committer: signature,
                                                  message: "\(i)\n"))
        }
        try setup.flushObjects()
        for round in 0..<20 {
            let name = "refs/heads/app\(round)/main"
            let wins = Counter()
            nonisolated(unsafe) let handles = try commits.map { _ in try Repository.open(at: dir.path) }
            let targets = commits
            DispatchQueue.concurrentPerform(iterations: targets.count) { i in
                if (try? handles[i].createReference(name, target: targets[i], message: "t")) != nil { wins.add() }
            }
            #expect(wins.value == 1, "round \(round): \(wins.value) creators won")
        }
    }

    @Test func treeNodeRejectsConflicts() throws {
        var node = TreeNode()
        let id = try #require(ObjectID(hex: String(repeating: "a", count: 40)))
        try node.insertBlob(id, mode: .blob, at: [Array("f".utf8)])
        #expect(throws: GitError.self) { try node.insertBlob(id, mode: .blob, at: [Array("f".utf8), Array("g".utf8)]) }
        #expect(throws: GitError.self) { try node.insertBlob(id, mode: .blob, at: [Array("f".utf8)]) }
        #expect(ObjectID(hex: "xyz") == nil)
        #expect(id.prefix(4) == "aaaa")
    }
}

/// A thread-safe counter for concurrency tests.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func add() { lock.lock(); n += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return n }
}

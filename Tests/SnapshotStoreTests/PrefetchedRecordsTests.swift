import BundleModel
import Git
@testable import SnapshotStore
import Testing
import TestSupport

/// A walk with nothing to copy from reads its file records on both cores first
/// (`SnapshotTreeReader.prefetchedRecords`): the records, the snapshot and the problems
/// reported must be the walk's own.
@Suite struct PrefetchedRecordsTests {
    /// Every record a walk decodes, and nothing else, is decoded ahead; a read that takes
    /// them from there gives the same snapshot and memo as one that reads each itself.
    @Test func prefetchGivesTheWalksRecords() throws {
        let scratch = try ScratchDirectory()
        let (_, store, a, b) = try CachedReadTests.recordPair(scratch)
        for build in [a, b] {
            let tree = try store.repository.commit(try #require(ObjectID(hex: build.commit))).tree
            var walking = SnapshotTreeReader(repository: store.repository)
            walking.prefetchAtLeast = .max
            var prefetching = walking
            prefetching.prefetchAtLeast = 0
            let walked = try walking.read(tree: tree, sourceName: build.source, after: nil)
            let ahead = prefetching.prefetchedRecords(below: try CachedReadTests.partTree(store, build))
            #expect(!ahead.isEmpty)
            #expect(Self.flat(ahead) == Self.flat(walked.memo.records))
            let read = try prefetching.read(tree: tree, sourceName: build.source, after: nil)
            #expect(read.snapshot.entries == walked.snapshot.entries && read.snapshot.plists == walked.snapshot.plists)
            #expect(read.snapshot.folderIDs == walked.snapshot.folderIDs)
            #expect(Self.flat(read.memo.records) == Self.flat(walked.memo.records))
            #expect(read.memo.files == walked.memo.files && read.memo.ids == walked.memo.ids)
        }
    }

    /// A record that does not decode, a blob that is not there and a tree that does not list
    /// are left to the walk, which names the file as it always has.
    @Test func whatDoesNotReadIsLeftToTheWalk() throws {
        let scratch = try ScratchDirectory()
        let repository = try Repository.createBare(at: scratch.path("h.git"))
        let good = try repository.writeBlob(FileRecord.encode(FileEntry(path: BundlePath("a"), kind: .file, size: 3)))
        let bad = try repository.writeBlob(Array("size three\n".utf8))
        let missing = try #require(ObjectID(hex: String(repeating: "ab", count: 20)))
        let inner = try repository.writeTree(entries: [TreeEntry(name: Array("b".utf8), mode: .blob, id: bad)])
        let files = try repository.writeTree(entries: [
            TreeEntry(name: Array("a".utf8), mode: .blob, id: good),
            TreeEntry(name: Array("gone".utf8), mode: .blob, id: missing),
            TreeEntry(name: Array("in".utf8), mode: .tree, id: inner),
        ])
        try repository.flushObjects()
        var reader = SnapshotTreeReader(repository: repository)
        reader.prefetchAtLeast = 0
        #expect(Array(reader.prefetchedRecords(below: files).keys) == [good])
        #expect(reader.prefetchedRecords(below: missing).isEmpty)
        // The walk stops at the first problem in its own order, with or without the records.
        func problem(_ records: [ObjectID: FileRecord.Decoded]) -> String? {
            var memo = SnapshotTreeMemo()
            memo.records = records
            do { try reader.walkFiles(files, previous: nil, into: &memo) } catch { return error.message }
            return nil
        }
        let walked = try #require(problem([:]))
        #expect(walked.contains(missing.hex))
        #expect(problem(reader.prefetchedRecords(below: files)) == walked)
    }

    private static func flat(_ records: [ObjectID: FileRecord.Decoded]) -> [String: String] {
        records.reduce(into: [:]) { out, item in out[item.key.hex] = "\(item.value.sha256?.description ?? "-") \(item.value.size)" }
    }
}

import BundleModel
import BundleReading
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
        try Self.expectPrefetchAsWalk(store, [a, b])
    }

    /// The same for every input of the real-world corpus.
    @Test(.enabled(if: CorpusTests.corpusRoot != nil, "BUNDLEDIFF_CORPUS is not set: corpus tests skipped"))
    func prefetchGivesTheWalksRecordsOnTheCorpus() throws {
        let root = try #require(CorpusTests.corpusRoot)
        let inputs = try CorpusTests.inputs(root: root).filter { CorpusTests.expectedFailures[$0.relative] == nil }
        let scratch = try ScratchDirectory("corpus-prefetch")
        let store = try HistoryStore.open(at: scratch.path("history.git"), create: true)
        var time: Int64 = 1_600_000_000
        var recorded: [RecordedBuild] = []
        for input in inputs {
            time += 60
            recorded.append(try store.record(try BuildReader.read(path: input.path), options: options(time)).build)
        }
        try Self.expectPrefetchAsWalk(store, recorded)
    }

    private static func expectPrefetchAsWalk(_ store: HistoryStore, _ builds: [RecordedBuild]) throws {
        for build in builds {
            let tree = try store.repository.commit(try #require(ObjectID(hex: build.commit))).tree
            var walking = SnapshotTreeReader(repository: store.repository)
            walking.prefetchAtLeast = .max
            var prefetching = walking
            prefetching.prefetchAtLeast = 0
            let walked = try walking.read(tree: tree, sourceName: build.source, after: nil)
            let ahead = prefetching.prefetchedRecords(below: try CachedReadTests.partTree(store, build))
            #expect(!ahead.isEmpty && Self.flat(ahead) == Self.flat(walked.memo.records), "\(build.source)")
            let read = try prefetching.read(tree: tree, sourceName: build.source, after: nil)
            #expect(read.snapshot.entries == walked.snapshot.entries, "\(build.source)")
            #expect(PlistCacheTests.texts(read.snapshot) == PlistCacheTests.texts(walked.snapshot), "\(build.source)")
            #expect(read.snapshot.folderIDs == walked.snapshot.folderIDs, "\(build.source)")
            #expect(Self.flat(read.memo.records) == Self.flat(walked.memo.records), "\(build.source)")
            #expect(read.memo.files == walked.memo.files && read.memo.ids == walked.memo.ids, "\(build.source)")
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

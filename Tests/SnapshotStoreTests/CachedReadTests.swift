import BundleModel
import BundleReading
import Comparison
import Foundation
import Git
@testable import SnapshotStore
import Testing
import TestSupport

/// A build's `files/` part kept in the derived-data cache (`.git/bundlediff/cache/diff/`)
/// by one process and loaded by the next: the snapshots, the memo the next read copies
/// from, and the comparison must be what a walk of the trees gives.
@Suite struct CachedReadTests {
    /// The snapshot of `build` and its memo, walked (no cache) or through `cache`; the cache
    /// files the read writes on the other core have landed when it returns (the tests look
    /// at the cache's folder itself).
    static func read(_ store: HistoryStore, _ build: RecordedBuild, cache: DerivedCache?, after previous: SnapshotTreeMemo? = nil,
                     isLast: Bool = false, keepIDs: Bool? = nil) throws -> (snapshot: BuildSnapshot, memo: SnapshotTreeMemo) {
        let tree = try store.repository.commit(try #require(ObjectID(hex: build.commit))).tree
        defer { DerivedCache.finishWrites() }
        return try SnapshotTreeReader(repository: store.repository, cache: cache)
            .read(tree: tree, sourceName: build.source, after: previous, isLast: isLast, keepIDs: keepIDs)
    }

    static func recordPair(_ scratch: ScratchDirectory, _ pair: (FixtureBuilder, FixtureBuilder) = SharedReadTests.pair())
        throws -> (String, HistoryStore, RecordedBuild, RecordedBuild) {
        let (oldApp, newApp) = pair
        let repo = scratch.path("h.git")
        let store = try HistoryStore.open(at: repo, create: true)
        let old = try BuildReader.read(path: try oldApp.writeDirectory(in: try SharedReadTests.folder(scratch, "old")))
        let new = try BuildReader.read(path: try newApp.writeDirectory(in: try SharedReadTests.folder(scratch, "new")))
        return (repo, store, try store.record(old, options: options(1_700_000_000)).build,
                try store.record(new, options: options(1_700_000_060)).build)
    }

    /// Walked, first-time cached (written) and cache-loaded reads of a pair with a moved
    /// folder, a folder replaced by a file and a nested bundle added inside an unchanged
    /// folder: equal snapshots and comparisons, and the second side read after a loaded
    /// memo copies folders from it.
    @Test func cachedReadEqualsWalkedReadOnFixtures() throws {
        let scratch = try ScratchDirectory()
        let (repo, store, a, b) = try Self.recordPair(scratch)
        let cache = DerivedCache(gitDirectory: store.repository.path, area: "diff")
        let walkedOld = try Self.read(store, a, cache: nil), walkedNew = try Self.read(store, b, cache: nil, after: walkedOld.memo)
        // Recording into a history nobody has read keeps nothing in its cache.
        #expect(!cache.exists)
        // Into one whose cache is in use, recording keeps the build's files and property
        // lists there, as a walk of it alone writes them.
        try FileManager.default.createDirectory(atPath: cache.folder, withIntermediateDirectories: true)
        let newAgain = try SharedReadTests.pair().1.writeDirectory(in: try SharedReadTests.folder(scratch, "again"))
        let again = try store.record(try BuildReader.read(path: newAgain), options: options(1_700_000_120, allowDuplicate: true)).build
        #expect(cache.read(SnapshotTreeMemo.cacheKey(plists: try Self.partTree(store, again, part: "plists"))) != nil)
        try Self.expectRecordedPartsAsWalked(store, again, cache)
        try FileManager.default.removeItem(atPath: cache.folder)
        #expect(cache.read(SnapshotTreeMemo.cacheKey(files: try Self.partTree(store, a))) == nil)
        // First process: nothing cached; both sides are written.
        let coldOld = try Self.read(store, a, cache: cache), coldNew = try Self.read(store, b, cache: cache, after: coldOld.memo)
        #expect(!coldOld.memo.loadedFromCache && !coldNew.memo.loadedFromCache)
        // Next process: both sides load, and the second still copies what the first had.
        let warmOld = try Self.read(store, a, cache: cache)
        #expect(warmOld.memo.loadedFromCache)
        let warmNew = try Self.read(store, b, cache: cache, after: warmOld.memo)
        #expect(warmNew.memo.loadedFromCache && warmNew.memo.plistsLoadedFromCache)
        // Loaded after the old side, the new side copies the folders they share from it,
        // with the same entries, ids and folder spans as when it is loaded alone.
        let warmNewAlone = try Self.read(store, b, cache: cache)
        #expect(warmNew.memo.copied > 20 && warmNewAlone.memo.copied == 0)
        // In the folders it reads, the paths the old side had are taken from it.
        #expect(warmNew.memo.sharedPaths > 0 && warmNewAlone.memo.sharedPaths == 0)
        #expect(warmNew.memo.files == warmNewAlone.memo.files && warmNew.memo.ids == warmNewAlone.memo.ids)
        #expect(warmNew.memo.fileTrees.mapValues(\.tree) == warmNewAlone.memo.fileTrees.mapValues(\.tree))
        #expect(warmNew.memo.fileTrees.mapValues(\.range) == warmNewAlone.memo.fileTrees.mapValues(\.range))
        #expect(warmNew.memo.plistTrees.mapValues(\.range) == warmNewAlone.memo.plistTrees.mapValues(\.range))
        #expect(warmNew.memo.plists.map(\.path) == warmNewAlone.memo.plists.map(\.path))
        #expect(warmNew.memo.plists.map(\.plist) == warmNewAlone.memo.plists.map(\.plist))
        // Each part copies on its own: the files, and the property lists.
        for part in ["files", "plists"] {
            let tree = try Self.partTree(store, b, part: part)
            let bytes = try #require(cache.read(part == "files" ? SnapshotTreeMemo.cacheKey(files: tree)
                                                : SnapshotTreeMemo.cacheKey(plists: tree)))
            var alone = SnapshotTreeMemo(), after = SnapshotTreeMemo()
            let loaded = part == "files"
                ? alone.loadFiles(.of(bytes), tree: tree) && after.loadFiles(.of(bytes), tree: tree, previous: warmOld.memo)
                : alone.loadPlists(.of(bytes), tree: tree) && after.loadPlists(.of(bytes), tree: tree, previous: warmOld.memo)
            #expect(loaded && after.copied > 0 && alone.copied == 0)
            #expect(after.files == alone.files && after.plists.map(\.path) == alone.plists.map(\.path))
            #expect(after.plists.map(\.plist) == alone.plists.map(\.plist))
        }
        let onlyOld = try Self.read(store, a, cache: cache)
        let newAfterLoaded = try Self.read(store, b, cache: nil, after: onlyOld.memo)
        #expect(newAfterLoaded.memo.copied > 20)
        for (side, walked) in [(coldOld.snapshot, walkedOld.snapshot), (warmOld.snapshot, walkedOld.snapshot),
                               (coldNew.snapshot, walkedNew.snapshot), (warmNew.snapshot, walkedNew.snapshot),
                               (newAfterLoaded.snapshot, walkedNew.snapshot)] {
            #expect(side.entries == walked.entries)
            #expect(side.plists == walked.plists && side.bundles == walked.bundles)
        }
        #expect(warmOld.memo.fileTrees.mapValues(\.tree) == walkedOld.memo.fileTrees.mapValues(\.tree))
        #expect(warmOld.memo.ids == walkedOld.memo.ids)
        let walked = Comparer.compare(old: walkedOld.snapshot, new: walkedNew.snapshot)
        #expect(Comparer.compare(old: warmOld.snapshot, new: warmNew.snapshot) == walked)
        #expect(Comparer.compare(old: onlyOld.snapshot, new: newAfterLoaded.snapshot) == walked)
        #expect(walked.moves.contains { $0.kind == .folder })
        // Through the store, as `diff` reads: the same.
        let shared = try HistoryStore.open(at: repo, create: false)
        #expect(Comparer.compare(old: try shared.snapshot(of: a), new: try shared.snapshot(of: b)) == walked)
        #expect(shared.lastRead?.loadedFromCache == true)
    }

    /// A last read (the second side of `diff`, the gate's baseline) gives the same snapshot,
    /// keeps no memo for a next read, and, loaded from the cache, keeps no object ids; a
    /// read after it reads whole and still agrees.
    @Test func lastReadKeepsNothingAndAgrees() throws {
        let scratch = try ScratchDirectory()
        let (repo, store, a, b) = try Self.recordPair(scratch)
        let cache = DerivedCache(gitDirectory: store.repository.path, area: "diff")
        let walkedOld = try Self.read(store, a, cache: nil), walkedNew = try Self.read(store, b, cache: nil, after: walkedOld.memo)
        _ = try Self.read(store, b, cache: cache, after: try Self.read(store, a, cache: cache).memo)
        let old = try Self.read(store, a, cache: cache)
        let tree = try store.repository.commit(try #require(ObjectID(hex: b.commit))).tree
        let last = try SnapshotTreeReader(repository: store.repository, cache: cache)
            .read(tree: tree, sourceName: b.source, after: old.memo, isLast: true)
        #expect(last.memo.loadedFromCache && last.memo.copied > 20)
        #expect(last.memo.ids.isEmpty && !old.memo.ids.isEmpty && last.memo.files.isEmpty)
        #expect(last.snapshot.entries == walkedNew.snapshot.entries && last.snapshot.plists == walkedNew.snapshot.plists)
        // It names the earlier build's entries for the folders it copied, and holds only the
        // ones it read.
        #expect(last.snapshot.entries.ownEntryCount < last.snapshot.entries.count)
        let kept = try Self.read(store, b, cache: cache, after: old.memo)
        #expect(last.snapshot.folderIDs == kept.snapshot.folderIDs && kept.memo.ids.count == kept.memo.files.count)
        #expect(kept.snapshot.entries.ownEntryCount == kept.snapshot.entries.count)
        // Given as a next read's `previous` anyway, a last read is not copied from.
        let after = try Self.read(store, a, cache: nil, after: last.memo)
        #expect(after.memo.copied == 0 && after.snapshot.entries == walkedOld.snapshot.entries)
        let shared = try HistoryStore.open(at: repo, create: false)
        let first = try shared.snapshot(of: a)
        #expect(shared.lastRead != nil)
        let second = try shared.snapshot(of: b, isLast: true)
        #expect(shared.lastRead == nil)
        #expect(Comparer.compare(old: first, new: second) == Comparer.compare(old: walkedOld.snapshot, new: walkedNew.snapshot))
        #expect(try shared.snapshot(of: a).entries == walkedOld.snapshot.entries)
    }

    /// The work a read is given to run beside it (`besides`: `diff` prepares the old build
    /// while the new one loads) runs once, whether the read walks the trees or loads from the
    /// cache. In the second case it runs on another thread than the reader's, and may outlast
    /// the read: here it waits for the test, which the read must not wait for.
    @Test func workBesidesAReadRunsOnceEitherWay() throws {
        let scratch = try ScratchDirectory()
        let (repo, _, a, b) = try Self.recordPair(scratch)
        final class Runs: @unchecked Sendable {
            let lock = NSLock()
            var threads: [pthread_t] = []
            let gate = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
            func run() {
                _ = gate.wait(timeout: .now() + 10)
                lock.withLock { threads.append(pthread_self()) }
                done.signal()
            }
            var count: Int { lock.withLock { threads.count } }
        }
        for warm in [false, true] {
            let store = try HistoryStore.open(at: repo, create: false)
            let runs = Runs()
            _ = try store.snapshot(of: a, before: b)
            // Walked, the work runs here, before the read returns: let it through at once.
            if !warm { runs.gate.signal() }
            let read = try store.snapshot(of: b, isLast: true, besides: { runs.run() })
            #expect(read.entries.count > 20)
            if warm {
                #expect(runs.count == 0, "the read returned while the work beside it waits")
                runs.gate.signal()
            }
            #expect(runs.done.wait(timeout: .now() + 10) == .success)
            DerivedCache.finishWrites()
            #expect(runs.count == 1, "warm: \(warm)")
            if warm {
                #expect(runs.threads.first.map { pthread_equal($0, pthread_self()) == 0 } == true, "ran on the other core")
            }
        }
    }

    /// How many of `new`'s entries `old` does not have as they are, and how many of its
    /// folders `old` has but with another tree (from two walks, the second after the first:
    /// such a walk lists the folders it read, not those it copied).
    static func differing(_ old: BuildSnapshot, _ new: BuildSnapshot) -> (changed: Int, changedFolders: Int) {
        let unchanged = Set(old.entries)
        let changedFolders = new.entries.filter { entry in
            entry.kind == .directory && unchanged.contains(entry)
                && new.folderIDs[entry.path].map { $0 != old.folderIDs[entry.path] } == true
        }.count
        return (new.entries.filter { !unchanged.contains($0) }.count, changedFolders)
    }

    /// The id of the `files/` tree (or another `part`) of `build`'s snapshot.
    /// Expects the cache to hold `build`'s `files/` part as recording wrote it, and the
    /// same bytes once it is removed and the build is walked alone.
    /// The cache files recording wrote (`files-` from its records, `plists-` from its decoded
    /// values) are byte for byte those a walk of the build alone writes.
    static func expectRecordedPartsAsWalked(_ store: HistoryStore, _ build: RecordedBuild, _ cache: DerivedCache) throws {
        let keys = [SnapshotTreeMemo.cacheKey(files: try partTree(store, build)),
                    SnapshotTreeMemo.cacheKey(plists: try partTree(store, build, part: "plists"))]
        let recorded = try keys.map { try #require(cache.read($0), "\(build.source): \($0)") }
        for key in keys { try FileManager.default.removeItem(atPath: cache.folder + "/" + key) }
        _ = try read(store, build, cache: cache)
        for (key, bytes) in zip(keys, recorded) { #expect(cache.read(key) == bytes, "\(build.source): \(key)") }
    }

    static func partTree(_ store: HistoryStore, _ build: RecordedBuild, part: String = "files") throws -> ObjectID {
        let tree = try store.repository.commit(try #require(ObjectID(hex: build.commit))).tree
        let entry = try #require(try store.repository.treeEntries(tree).first { $0.name == Array(part.utf8) })
        return entry.id
    }

    /// A damaged cache file (cut short, a byte changed, another format) is not used: the
    /// read walks the tree and gives the true snapshot.
    @Test func aDamagedCacheFileIsIgnored() throws {
        let scratch = try ScratchDirectory()
        let (_, store, a, _) = try Self.recordPair(scratch)
        let cache = DerivedCache(gitDirectory: store.repository.path, area: "diff")
        let walked = try Self.read(store, a, cache: nil).snapshot
        _ = try Self.read(store, a, cache: cache)
        let key = SnapshotTreeMemo.cacheKey(files: try Self.partTree(store, a))
        let good = try #require(cache.read(key))
        var flipped = good
        flipped[good.count / 2] ^= 0x40
        var otherFormat = good
        otherFormat[SnapshotTreeMemo.cacheMagic.count - 2] = UInt8(ascii: "9")
        for damaged in [Array(good.dropLast(9)), flipped, otherFormat, [], Array(good.prefix(30))] {
            let path = cache.folder + "/" + key
            try Data(damaged).write(to: URL(fileURLWithPath: path))
            let read = try Self.read(store, a, cache: cache)
            #expect(!read.memo.loadedFromCache)
            #expect(read.snapshot.entries == walked.entries)
            // The walk wrote a good entry back.
            #expect(cache.read(key) == good)
        }
    }

    /// The area keeps at most `limit` entries, dropping the oldest.
    @Test func theCacheKeepsItsLimit() throws {
        let scratch = try ScratchDirectory()
        let cache = DerivedCache(gitDirectory: scratch.path("g"), area: "diff", limit: 3)
        for i in 0..<5 {
            cache.write("k\(i)", [UInt8(i)])
            let path = cache.folder + "/k\(i)"
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: Double(1_000 + i))],
                                                  ofItemAtPath: path)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.folder).sorted()
        #expect(names == ["k2", "k3", "k4"])
        #expect(cache.read("k4") == [4])
        #expect(cache.read("k0") == nil)
    }

    /// The read gives back exactly what was written: nothing, a few bytes, more than one
    /// read call fills; nil for a missing key or a folder in its place.
    @Test func theCacheReadsBackWhatWasWritten() throws {
        let scratch = try ScratchDirectory()
        let cache = DerivedCache(gitDirectory: scratch.path("g"), area: "diff")
        let large = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        for (key, bytes) in [("empty", [UInt8]()), ("small", [1, 2, 3]), ("large", large)] {
            cache.write(key, bytes)
            #expect(cache.read(key) == bytes, "\(key)")
        }
        #expect(cache.read("missing") == nil)
        try FileManager.default.createDirectory(atPath: cache.folder + "/folder", withIntermediateDirectories: true)
        #expect(cache.read("folder") == nil)
    }

    /// Where the first build's walk is in path order, `diff`'s second read names the first
    /// one's own array for the entries they share, in path order too: what was worked out
    /// for each entry of the first build (its name key) is taken for them.
    @Test func aSecondReadInPathOrderNamesTheFirstOnesArray() throws {
        let scratch = try ScratchDirectory()
        var old = FixtureBuilder.iOSApp()
        for i in 0..<20 { old.setFile("MyApp.app/Kept/k\(i).bin", FixtureBuilder.bytes(100 + i, seed: UInt64(100 + i))) }
        var new = old
        new.setFile("MyApp.app/Kept/k3.bin", "changed")
        new.setFile("MyApp.app/Added/a.txt", "added")
        let (repo, store, a, b) = try Self.recordPair(scratch, (old, new))
        let cache = DerivedCache(gitDirectory: store.repository.path, area: "diff")
        _ = try Self.read(store, b, cache: cache, after: try Self.read(store, a, cache: cache).memo)
        let warm = try HistoryStore.open(at: repo, create: false)
        let first = try warm.snapshot(of: a, before: b).entries.sortedByPath
        let second = try warm.snapshot(of: b, isLast: true).entries.sortedByPath
        let positions = try #require(second.positions(over: first))
        #expect(positions.count == second.count)
        #expect(positions.filter { $0 < 0 }.count == second.ownEntryCount && second.ownEntryCount < second.count)
        for (k, p) in positions.enumerated() where p >= 0 { #expect(first[Int(p)] == second[k]) }
    }

    /// `diff`'s pair through the store (`snapshot(of:before:)`): when the second build's
    /// files are cached, the first read keeps no object ids and the second names the first
    /// one's entries for the folders they share; when they are not, the first keeps its ids
    /// and the second walks, matching blobs. The snapshots and the comparison are the same.
    @Test func aPairReadForDiffKeepsOnlyWhatItsSecondReadNeeds() throws {
        let scratch = try ScratchDirectory()
        let (repo, store, a, b) = try Self.recordPair(scratch)
        let cache = DerivedCache(gitDirectory: store.repository.path, area: "diff")
        let walkedOld = try Self.read(store, a, cache: nil), walkedNew = try Self.read(store, b, cache: nil, after: walkedOld.memo)
        let walked = Comparer.compare(old: walkedOld.snapshot, new: walkedNew.snapshot)
        _ = try Self.read(store, b, cache: cache, after: try Self.read(store, a, cache: cache).memo)
        let warm = try HistoryStore.open(at: repo, create: false)
        let first = try warm.snapshot(of: a, before: b)
        #expect(warm.lastRead?.loadedFromCache == true && warm.lastRead?.ids.isEmpty == true)
        let second = try warm.snapshot(of: b, isLast: true)
        // It holds only the entries that are not in the first build as they are.
        let (changed, changedFolders) = Self.differing(walkedOld.snapshot, walkedNew.snapshot)
        #expect(changed > 0 && second.entries.ownEntryCount == changed)
        // The first build's walk (git's order) puts the file `Assets.car` before the folder
        // `Assets`: its list in path order is a copy, which the second names nothing of
        // (`aSecondReadInPathOrderNamesTheFirstOnesArray`).
        #expect(second.entries.sortedByPath.positions(over: first.entries.sortedByPath) == nil)
        #expect(first.entries == walkedOld.snapshot.entries && second.entries == walkedNew.snapshot.entries)
        #expect(Comparer.compare(old: first, new: second) == walked)
        // Only the first build cached: it keeps its ids for the second, which walks, names
        // the first one's entries too, and writes the cache file a plain walk writes.
        try FileManager.default.removeItem(atPath: cache.folder)
        _ = try Self.read(store, a, cache: cache)
        let half = try HistoryStore.open(at: repo, create: false)
        let firstAgain = try half.snapshot(of: a, before: b)
        #expect(half.lastRead?.loadedFromCache == true && half.lastRead?.ids.count == firstAgain.entries.count)
        let secondAgain = try half.snapshot(of: b, isLast: true)
        // A walk keeps each entry's object id too: a folder that changed is its own for that.
        #expect(changedFolders > 0 && secondAgain.entries.ownEntryCount == changed + changedFolders)
        #expect(secondAgain.entries == walkedNew.snapshot.entries)
        #expect(Comparer.compare(old: firstAgain, new: secondAgain) == walked)
        let key = SnapshotTreeMemo.cacheKey(files: try Self.partTree(store, b))
        #expect(cache.read(key) == walkedNew.memo.encodedFiles())
    }

}

/// On the real-world corpus: every two consecutive inputs of a set, read walked and read
/// from a warm cache (`files/` and `plists/`), give the same snapshots and the same comparison.
@Suite struct CorpusCachedReadTests {
    @Test(.enabled(if: CorpusTests.corpusRoot != nil, "BUNDLEDIFF_CORPUS is not set: corpus tests skipped"))
    func cachedReadEqualsWalkedReadOnTheCorpus() throws {
        let root = try #require(CorpusTests.corpusRoot)
        let inputs = try CorpusTests.inputs(root: root).filter { CorpusTests.expectedFailures[$0.relative] == nil }
        let scratch = try ScratchDirectory("corpus-cached")
        let store = try HistoryStore.open(at: scratch.path("history.git"), create: true)
        let cache = DerivedCache(gitDirectory: store.repository.path, area: "diff", limit: 1_000)
        var time: Int64 = 1_600_000_000
        var recorded: [(set: String, build: RecordedBuild)] = []
        // A history in use: each recording keeps the build's files in the cache.
        try FileManager.default.createDirectory(atPath: cache.folder, withIntermediateDirectories: true)
        for input in inputs {
            time += 60
            recorded.append((input.set, try store.record(try BuildReader.read(path: input.path), options: options(time)).build))
            try CachedReadTests.expectRecordedPartsAsWalked(store, recorded[recorded.count - 1].build, cache)
        }
        var pairs = 0, loaded = 0
        for (a, b) in zip(recorded, recorded.dropFirst()) where a.set == b.set {
            let walkedOld = try CachedReadTests.read(store, a.build, cache: nil)
            let walkedNew = try CachedReadTests.read(store, b.build, cache: nil, after: walkedOld.memo)
            _ = try CachedReadTests.read(store, a.build, cache: cache)
            _ = try CachedReadTests.read(store, b.build, cache: cache)
            let warmOld = try CachedReadTests.read(store, a.build, cache: cache)
            let warmNew = try CachedReadTests.read(store, b.build, cache: cache, after: warmOld.memo)
            #expect(warmOld.snapshot.entries == walkedOld.snapshot.entries, "\(a.build.source)")
            #expect(warmNew.snapshot.entries == walkedNew.snapshot.entries, "\(b.build.source)")
            // Decoded plists too, compared as canonical text (a NaN real is not `==` itself).
            #expect(PlistCacheTests.texts(warmOld.snapshot) == PlistCacheTests.texts(walkedOld.snapshot), "\(a.build.source)")
            #expect(PlistCacheTests.texts(warmNew.snapshot) == PlistCacheTests.texts(walkedNew.snapshot), "\(b.build.source)")
            let walked = Comparer.compare(old: walkedOld.snapshot, new: walkedNew.snapshot)
            #expect(Comparer.compare(old: warmOld.snapshot, new: warmNew.snapshot) == walked, "\(a.build.source) → \(b.build.source)")
            // As `diff` reads a pair, the second read last, naming the first one's entries:
            // loaded from the cache after a load that keeps no ids, and walked after a walk.
            let firstNoIDs = try CachedReadTests.read(store, a.build, cache: cache, keepIDs: false)
            let lastLoaded = try CachedReadTests.read(store, b.build, cache: cache, after: firstNoIDs.memo, isLast: true)
            let lastWalked = try CachedReadTests.read(store, b.build, cache: nil, after: walkedOld.memo, isLast: true)
            for last in [lastLoaded, lastWalked] {
                #expect(last.snapshot.entries == walkedNew.snapshot.entries, "\(b.build.source)")
                #expect(Comparer.compare(old: walkedOld.snapshot, new: last.snapshot) == walked, "\(a.build.source) → \(b.build.source)")
            }
            // Each holds the entries that differ (the walk, also each changed folder's own
            // entry, for its new object id), found by the merge in every folder.
            let (changed, changedFolders) = CachedReadTests.differing(walkedOld.snapshot, walkedNew.snapshot)
            #expect(lastLoaded.snapshot.entries.ownEntryCount == changed, "\(a.build.source) → \(b.build.source)")
            #expect(lastWalked.snapshot.entries.ownEntryCount == changed + changedFolders, "\(a.build.source) → \(b.build.source)")
            if warmOld.memo.loadedFromCache && warmNew.memo.loadedFromCache
                && warmOld.memo.plistsLoadedFromCache && warmNew.memo.plistsLoadedFromCache { loaded += 1 }
            pairs += 1
        }
        #expect(pairs > 20)
        #expect(loaded == pairs)
    }
}

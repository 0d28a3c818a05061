import BundleModel
import BundleReading
import Comparison
import Foundation
import Git
import PropertyLists
@testable import SnapshotStore
import Testing
import TestSupport

/// A build's `plists/` part kept in the derived-data cache (`plists-<tree id>`) by one
/// process and loaded by the next: the decoded property lists, the folders the next read
/// copies from, and the comparison must be what reading the canonical texts gives.
@Suite struct PlistCacheTests {
    /// The fixture pair of `SharedReadTests`, with property lists of every value type, a
    /// duplicate key, an undecodable plist and a UTF-16 string table in the old build.
    static func recordPair(_ scratch: ScratchDirectory) throws -> (HistoryStore, RecordedBuild, RecordedBuild) {
        var (oldApp, newApp) = SharedReadTests.pair()
        let everyType = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>n</key><integer>-42</integer><key>big</key><integer>18446744073709551615</integer>
            <key>r</key><real>-0.0</real><key>pi</key><real>3.25</real><key>yes</key><true/><key>no</key><false/>
            <key>when</key><date>2024-01-01T00:00:00Z</date><key>blob</key><data>AAEC/w==</data>
            <key>odd key.with "dots"</key><string>tab\tand \u{202E}mark</string>
            <key>list</key><array><array/><dict/><array><string>deep</string><dict><key>x</key><integer>1</integer></dict></array></array>
            <key>n</key><integer>7</integer>
            </dict></plist>
            """
        for app in [0, 1] {
            var builder = app == 0 ? oldApp : newApp
            builder.setFile("MyApp.app/Settings/Every.plist", everyType)
            builder.setFile("MyApp.app/Settings/Broken.plist", "<?xml version=\"1.0\"?><plist><dict><key>")
            builder.setFile("MyApp.app/fr.lproj/Localizable.strings",
                            FixtureBuilder.strings([("hello", "Bonjour"), ("bye", app == 0 ? "Salut" : "Au revoir")],
                                                   utf16: true))
            if app == 0 { oldApp = builder } else { newApp = builder }
        }
        let store = try HistoryStore.open(at: scratch.path("h.git"), create: true)
        let old = try BuildReader.read(path: try oldApp.writeDirectory(in: try SharedReadTests.folder(scratch, "old")))
        let new = try BuildReader.read(path: try newApp.writeDirectory(in: try SharedReadTests.folder(scratch, "new")))
        return (store, try store.record(old, options: options(1_700_000_000)).build,
                try store.record(new, options: options(1_700_000_060)).build)
    }

    static func plistsTree(_ store: HistoryStore, _ build: RecordedBuild) throws -> ObjectID {
        let tree = try store.repository.commit(try #require(ObjectID(hex: build.commit))).tree
        let entry = try #require(try store.repository.treeEntries(tree).first { $0.name == Array("plists".utf8) })
        return entry.id
    }

    /// The plists of a snapshot as canonical text by path (NaN-free, so `==` would do too).
    static func texts(_ snapshot: BuildSnapshot) -> [BundlePath: String] {
        snapshot.plists.mapValues(CanonicalText.render)
    }

    @Test func cachedPlistsEqualReadPlists() throws {
        let scratch = try ScratchDirectory()
        let (store, a, b) = try Self.recordPair(scratch)
        let cache = DerivedCache(gitDirectory: store.repository.path, area: "diff")
        let walkedOld = try CachedReadTests.read(store, a, cache: nil)
        let walkedNew = try CachedReadTests.read(store, b, cache: nil, after: walkedOld.memo)
        #expect(walkedOld.snapshot.plists.count >= 5)
        #expect(walkedOld.snapshot.plists.values.contains { $0.document == nil })
        #expect(walkedOld.snapshot.plists.values.contains { $0.document?.duplicateKeys.isEmpty == false })
        // The first read keeps the `plists/` part for the next process.
        _ = try CachedReadTests.read(store, a, cache: cache)
        let key = "plists-" + (try Self.plistsTree(store, a)).hex
        #expect(FileManager.default.fileExists(atPath: cache.folder + "/" + key))
        let warmOld = try CachedReadTests.read(store, a, cache: cache)
        #expect(warmOld.memo.plistsLoadedFromCache)
        #expect(warmOld.snapshot.plists == walkedOld.snapshot.plists)
        #expect(Self.texts(warmOld.snapshot) == Self.texts(walkedOld.snapshot))
        #expect(warmOld.memo.plistTrees.mapValues(\.tree) == walkedOld.memo.plistTrees.mapValues(\.tree))
        #expect(warmOld.memo.plistTrees.mapValues(\.range) == walkedOld.memo.plistTrees.mapValues(\.range))
        // The new side, read after the loaded memo, copies the plist folders it shares.
        let newAfterLoaded = try CachedReadTests.read(store, b, cache: nil, after: warmOld.memo)
        #expect(newAfterLoaded.memo.copied > 0)
        #expect(newAfterLoaded.snapshot.plists == walkedNew.snapshot.plists)
        // The new side's own cache entry (written after copies) loads to the same plists.
        _ = try CachedReadTests.read(store, b, cache: cache, after: warmOld.memo)
        let warmNew = try CachedReadTests.read(store, b, cache: cache, after: warmOld.memo)
        #expect(warmNew.memo.plistsLoadedFromCache && warmNew.memo.loadedFromCache)
        #expect(warmNew.snapshot.plists == walkedNew.snapshot.plists)
        #expect(Comparer.compare(old: warmOld.snapshot, new: warmNew.snapshot)
                == Comparer.compare(old: walkedOld.snapshot, new: walkedNew.snapshot))
    }

    /// A damaged entry (cut short, a byte changed, another format, empty) is not used:
    /// the read parses the canonical texts and writes a good entry back.
    @Test func aDamagedPlistCacheFileIsIgnored() throws {
        let scratch = try ScratchDirectory()
        let (store, a, _) = try Self.recordPair(scratch)
        let cache = DerivedCache(gitDirectory: store.repository.path, area: "diff")
        let walked = try CachedReadTests.read(store, a, cache: nil).snapshot
        _ = try CachedReadTests.read(store, a, cache: cache)
        let key = SnapshotTreeMemo.cacheKey(plists: try Self.plistsTree(store, a))
        let good = try #require(cache.read(key))
        var flipped = good
        flipped[good.count / 2] ^= 0x01
        var otherFormat = good
        otherFormat[SnapshotTreeMemo.plistCacheMagic.count - 2] = UInt8(ascii: "9")
        for damaged in [Array(good.dropLast(3)), flipped, otherFormat, [], Array(good.prefix(40))] {
            try Data(damaged).write(to: URL(fileURLWithPath: cache.folder + "/" + key))
            let read = try CachedReadTests.read(store, a, cache: cache)
            #expect(!read.memo.plistsLoadedFromCache)
            #expect(read.snapshot.plists == walked.plists)
            #expect(cache.read(key) == good)
        }
    }

    /// Bytes with a right sum but a wrong structure (an unknown tag, a count past the end,
    /// a folder range past the plists, nesting too deep) read as no entry, never a crash.
    @Test func aWellSummedButMalformedEntryIsRefused() throws {
        let scratch = try ScratchDirectory()
        let (store, a, _) = try Self.recordPair(scratch)
        let tree = try Self.plistsTree(store, a)
        let memo = try CachedReadTests.read(store, a, cache: nil).memo
        let good = try #require(memo.encodedPlists())
        func resummed(_ body: [UInt8]) -> [UInt8] {
            var out = Array(body.dropLast(8))
            DerivedCacheBytes.put(DerivedCacheBytes.checksum(out[...]), &out)
            return out
        }
        var loaded = SnapshotTreeMemo()
        let loadedGood = loaded.loadPlists(.of(good), tree: tree)
        #expect(loadedGood && loaded.plists.count == memo.plists.count)
        #expect(!SnapshotTreeMemo().plistsLoadedFromCache)
        var wrongTree = SnapshotTreeMemo()
        let loadedWrongTree = wrongTree.loadPlists(.of(good), tree: ObjectID.emptyTree)
        #expect(!loadedWrongTree)
        let magic = SnapshotTreeMemo.plistCacheMagic.count
        var hugeCount = good
        hugeCount.replaceSubrange(magic..<(magic + 4), with: [0xFF, 0xFF, 0xFF, 0x7F])
        var badTag = good
        // The first plist's tag byte follows its path run.
        let pathLength = Int(good[magic + 4]) | Int(good[magic + 5]) << 8
        badTag[magic + 8 + pathLength] = 0x7F
        var trailing = good
        trailing.insert(0, at: good.count - 8)
        for bytes in [hugeCount, badTag, trailing].map(resummed) {
            var memo = SnapshotTreeMemo()
            let accepted = memo.loadPlists(.of(bytes), tree: tree)
            #expect(!accepted)
            #expect(memo.plists.isEmpty && !memo.plistsLoadedFromCache)
        }
        // Nesting deeper than the cache reads back is not written at all.
        var deep = PlistValue.string("leaf")
        for _ in 0...PlistEncoding.maxDepth { deep = .array([deep]) }
        var deepMemo = SnapshotTreeMemo()
        deepMemo.plists = [(BundlePath("Deep.plist"), .decoded(PlistDocument(format: .xml, root: deep)))]
        deepMemo.plistTrees = [.root: .init(tree: tree, range: 0..<1)]
        #expect(deepMemo.encodedPlists() == nil)
    }

    /// A root of more than `laterRootSize` bytes (an app's seal) is kept encoded by the load
    /// and decoded when first read, to what was written; a smaller one is decoded as the file
    /// is read. A large root whose bytes are malformed (with a right sum) refuses the file.
    @Test func aLargeRootIsKeptEncodedUntilItIsRead() throws {
        let files = (0..<2_000).map { ("Resources/file \($0).png", PlistValue.dictionary(PlistDictionary([("hash2", .data([UInt8](repeating: UInt8($0 % 256), count: 32)))]))) }
        let seal = PlistValue.dictionary(PlistDictionary([("files2", .dictionary(PlistDictionary(files)))]))
        let small = PlistValue.dictionary(PlistDictionary([("CFBundleVersion", .string("1"))]))
        var memo = SnapshotTreeMemo()
        memo.plists = [(BundlePath("A.app/Info.plist"), .decoded(PlistDocument(format: .xml, root: small))),
                       (BundlePath("A.app/_CodeSignature/CodeResources"), .decoded(PlistDocument(format: .xml, root: seal)))]
        memo.plistTrees = [.root: .init(tree: ObjectID.emptyTree, range: 0..<2)]
        let bytes = try #require(memo.encodedPlists())
        var loaded = SnapshotTreeMemo()
        let accepted = loaded.loadPlists(.of(bytes), tree: ObjectID.emptyTree)
        #expect(accepted && loaded.plists.count == 2)
        let documents = loaded.plists.map { $0.plist.document }
        #expect(documents[0]?.undecodedRoot == nil)
        #expect((documents[1]?.undecodedRoot?.count ?? 0) > SnapshotTreeMemo.laterRootSize)
        #expect(documents[0]?.root == small && documents[1]?.root == seal)
        #expect(documents[1]?.undecodedRoot == nil)
        // A tag inside the large root changed to an unknown one, the sum made right again.
        var damaged = bytes
        let hash = Array("hash2".utf8)
        let at = try #require((0..<damaged.count - hash.count).last { Array(damaged[$0..<$0 + hash.count]) == hash })
        damaged[at + hash.count] = 0x7F
        damaged = Array(damaged.dropLast(8))
        DerivedCacheBytes.put(DerivedCacheBytes.checksum(damaged[...]), &damaged)
        var refused = SnapshotTreeMemo()
        let acceptedDamaged = refused.loadPlists(.of(damaged), tree: ObjectID.emptyTree)
        #expect(!acceptedDamaged && refused.plists.isEmpty)
    }

    /// A memo loaded from the cache indexes the file records of a folder on demand: the
    /// records right in it, by blob id, as the walk decoded them.
    @Test func recordsOfAFolderMatchTheWalk() throws {
        let scratch = try ScratchDirectory()
        let (store, a, _) = try Self.recordPair(scratch)
        let cache = DerivedCache(gitDirectory: store.repository.path, area: "diff")
        let walked = try CachedReadTests.read(store, a, cache: nil).memo
        _ = try CachedReadTests.read(store, a, cache: cache)
        let loaded = try CachedReadTests.read(store, a, cache: cache).memo
        #expect(loaded.loadedFromCache && loaded.records.isEmpty)
        let kept = loaded.records(in: BundlePath("MyApp.app/Kept"))
        #expect(kept.count == 20)
        // A walk keeps no records by id either; the same folder of the walked memo, indexed
        // from the entries it decoded, is the reference.
        #expect(walked.records.isEmpty)
        let walkedKept = walked.records(in: BundlePath("MyApp.app/Kept"))
        #expect(walkedKept.count == 20)
        for (id, record) in kept {
            let known = try #require(walkedKept[id])
            #expect(known.sha256 == record.sha256 && known.size == record.size)
        }
        // Only the folder's own files: the app folder's subfolders are not indexed with it.
        let app = loaded.records(in: BundlePath("MyApp.app"))
        #expect(!app.keys.contains { kept[$0] != nil })
        #expect(loaded.records(in: BundlePath("Nowhere")).isEmpty)
    }
}

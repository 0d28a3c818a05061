import BundleModel
import Foundation
import Git
@testable import SnapshotStore
import Testing
import TestSupport

/// A read that walks `plists/` parses the property lists apart from the walk (on the other
/// core while the files are walked): each lands where the walk met it, and one that does
/// not parse still names the read corrupt, whether the files are walked or loaded.
@Suite struct PlistWalkTests {
    /// `build`'s snapshot tree with the blob at `path` below `plists/` holding `text`.
    static func damaged(_ store: HistoryStore, _ build: RecordedBuild, path: [String], text: String) throws -> ObjectID {
        let repository = store.repository
        func replacing(_ tree: ObjectID, _ names: ArraySlice<String>, with blob: ObjectID) throws -> ObjectID {
            var entries = try repository.treeEntries(tree)
            let at = try #require(entries.firstIndex { $0.name == Array(names.first!.utf8) }, "\(names)")
            entries[at].id = names.count == 1 ? blob : try replacing(entries[at].id, names.dropFirst(), with: blob)
            return try repository.writeTree(entries: entries)
        }
        let root = try repository.commit(try #require(ObjectID(hex: build.commit))).tree
        return try replacing(root, ArraySlice(["plists"] + path), with: try repository.writeBlob(Array(text.utf8)))
    }

    @Test func walkedPlistsLandInOrderAndABadOneIsCorrupt() throws {
        let scratch = try ScratchDirectory()
        let (_, store, old, new) = try CachedReadTests.recordPair(scratch)
        let cache = DerivedCache(gitDirectory: store.repository.path, area: "diff")
        // Walked with nothing cached, then loaded: the same property lists, in the same order.
        let walked = try CachedReadTests.read(store, old, cache: cache)
        #expect(!walked.memo.plistsLoadedFromCache && !walked.memo.plists.isEmpty)
        #expect(walked.memo.unparsedPlists.isEmpty)
        // Every placeholder was replaced by its parse (no recorded plist is an empty reason).
        #expect(!walked.memo.plists.contains { $0.plist == .undecodable(reason: "") })
        let loaded = try CachedReadTests.read(store, old, cache: cache)
        #expect(loaded.memo.plistsLoadedFromCache)
        #expect(walked.memo.plists.map(\.path) == loaded.memo.plists.map(\.path))
        #expect(walked.memo.plists.map(\.plist) == loaded.memo.plists.map(\.plist))
        #expect(walked.snapshot.plists == loaded.snapshot.plists)
        // The second build, walked after the first, parses only what changed and agrees.
        let second = try CachedReadTests.read(store, new, cache: nil, after: walked.memo)
        let alone = try CachedReadTests.read(store, new, cache: nil)
        #expect(second.snapshot.plists == alone.snapshot.plists)

        let plistPath = try #require(walked.memo.plists.first?.path)
        let components = String(decoding: plistPath.bytes, as: UTF8.self).split(separator: "/").map(String.init)
        let bad = try Self.damaged(store, old, path: components, text: "this is { not canonical")
        let reader = SnapshotTreeReader(repository: store.repository, cache: nil)
        // Files walked on this core, the texts parsed on the other: the bad one is named.
        #expect {
            _ = try reader.read(tree: bad, sourceName: "damaged")
        } throws: { error in
            (error as? SnapshotTreeReader.Corrupt)?.message.hasPrefix("plists/\(plistPath) cannot be parsed") == true
        }
        // Files loaded from the cache (the damaged tree's files are the good build's), the
        // texts parsed here: named the same way.
        let cached = SnapshotTreeReader(repository: store.repository, cache: cache)
        #expect {
            _ = try cached.read(tree: bad, sourceName: "damaged")
        } throws: { error in
            (error as? SnapshotTreeReader.Corrupt)?.message.hasPrefix("plists/\(plistPath) cannot be parsed") == true
        }
    }
}

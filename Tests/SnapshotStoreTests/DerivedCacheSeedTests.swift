import Foundation
import Git
@testable import SnapshotStore
import Testing
import TestSupport

/// `Fuzz/seeds/cache/` holds the derived-cache files `DerivedCacheFuzz` starts from (and
/// reads its earlier memo from): the `files-` and `plists-` files of the fixture pair of
/// `CachedReadTests` (a moved folder, a folder replaced by a file, a nested bundle added),
/// each after the 20-byte id of the tree it was written for (a load checks it). They must
/// stay files the readers take in the current layout: regenerate them with
/// `BUNDLEDIFF_UPDATE_GOLDEN=1` when it changes. (Not compared byte for byte with a fresh
/// recording: the fixture's binary property lists list their keys in the dictionary's
/// order, which changes from process to process.)
@Suite struct DerivedCacheSeedTests {
    static var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/seeds/cache")
    }

    /// The seed `name`: its tree id and its cache file, written to `scratch` as a stream.
    static func seed(_ name: String, in scratch: ScratchDirectory) throws -> (ObjectID, DerivedCacheStream) {
        let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
        let tree = try #require(ObjectID(bytes: bytes.prefix(20)))
        let path = scratch.path(name)
        try Data(bytes.dropFirst(20)).write(to: URL(fileURLWithPath: path))
        return (tree, try #require(DerivedCacheStream(fd: open(path, O_RDONLY))))
    }

    @Test func seedsAreCacheFilesTheReadersTake() throws {
        let scratch = try ScratchDirectory()
        if ProcessInfo.processInfo.environment["BUNDLEDIFF_UPDATE_GOLDEN"] == "1" { try Self.write(scratch) }
        var old = SnapshotTreeMemo()
        let (oldFiles, oldFilesStream) = try Self.seed("files-old", in: scratch)
        let (oldPlists, oldPlistsStream) = try Self.seed("plists-old", in: scratch)
        let oldLoads = (old.loadFiles(oldFilesStream, tree: oldFiles), old.loadPlists(oldPlistsStream, tree: oldPlists))
        #expect(oldLoads == (true, true), "files-old, plists-old; BUNDLEDIFF_UPDATE_GOLDEN=1")
        // The second side, after the first as a diff reads it: folders copied, entries named.
        var new = SnapshotTreeMemo()
        let (newFiles, newFilesStream) = try Self.seed("files-new", in: scratch)
        let (newPlists, newPlistsStream) = try Self.seed("plists-new", in: scratch)
        let newLoads = (new.loadFiles(newFilesStream, tree: newFiles, previous: old, keepIDs: false),
                        new.loadPlists(newPlistsStream, tree: newPlists, previous: old))
        #expect(newLoads == (true, true), "files-new, plists-new; BUNDLEDIFF_UPDATE_GOLDEN=1")
        #expect(new.copied > 20 && new.shared != nil && new.entryList.ownEntryCount < new.entryList.count)
    }

    /// Records the fixture pair and writes its four cache files as the seeds.
    static func write(_ scratch: ScratchDirectory) throws {
        let (_, store, a, b) = try CachedReadTests.recordPair(scratch)
        let cache = DerivedCache(gitDirectory: store.repository.path, area: "diff")
        _ = try CachedReadTests.read(store, b, cache: cache, after: try CachedReadTests.read(store, a, cache: cache).memo)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, build) in [("old", a), ("new", b)] {
            let (files, plists) = (try CachedReadTests.partTree(store, build), try CachedReadTests.partTree(store, build, part: "plists"))
            for (seed, tree, key) in [("files-" + name, files, SnapshotTreeMemo.cacheKey(files: files)),
                                      ("plists-" + name, plists, SnapshotTreeMemo.cacheKey(plists: plists))] {
                try Data(tree.bytes + (try #require(cache.read(key)))).write(to: folder.appendingPathComponent(seed))
            }
        }
    }
}

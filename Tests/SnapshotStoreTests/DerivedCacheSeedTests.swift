import Foundation
@testable import SnapshotStore
import Testing
import TestSupport

/// `Fuzz/seeds/cache/` holds the derived-cache files `DerivedCacheFuzz` starts from (and
/// reads its earlier memo from): the `files-` and `plists-` files of the fixture pair of
/// `CachedReadTests` (a moved folder, a folder replaced by a file, a nested bundle added),
/// each after the 20-byte id of the tree it was written for (a load checks it). They must
/// stay what the encoder writes (regenerate with `BUNDLEDIFF_UPDATE_GOLDEN=1`).
@Suite struct DerivedCacheSeedTests {
    static var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/seeds/cache")
    }

    @Test func seedsAreTheFixturePairsCacheFiles() throws {
        let scratch = try ScratchDirectory()
        let (_, store, a, b) = try CachedReadTests.recordPair(scratch)
        let cache = DerivedCache(gitDirectory: store.repository.path, area: "diff")
        _ = try CachedReadTests.read(store, b, cache: cache, after: try CachedReadTests.read(store, a, cache: cache).memo)
        let update = ProcessInfo.processInfo.environment["BUNDLEDIFF_UPDATE_GOLDEN"] == "1"
        for (name, build) in [("old", a), ("new", b)] {
            let (files, plists) = (try CachedReadTests.filesTree(store, build), try CachedReadTests.filesTree(store, build, part: "plists"))
            let keys = [("files-" + name, files, SnapshotTreeMemo.cacheKey(files: files)),
                        ("plists-" + name, plists, SnapshotTreeMemo.cacheKey(plists: plists))]
            for (seed, tree, key) in keys {
                let bytes = tree.bytes + (try #require(cache.read(key)))
                let url = Self.folder.appendingPathComponent(seed)
                if update {
                    try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
                    try Data(bytes).write(to: url)
                }
                #expect(try [UInt8](Data(contentsOf: url)) == bytes, "\(seed) is not what the encoder writes; BUNDLEDIFF_UPDATE_GOLDEN=1")
            }
        }
    }
}

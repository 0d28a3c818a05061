import BundleModel
import Foundation
import Git
@testable import SnapshotStore
import Testing
import TestSupport

/// The derived cache's `files-` and `plists-` readers read their bytes in place: on
/// mutated files whose sum is made right again (so the structure, not the sum, is what is
/// tested), each load either refuses, changing nothing, or gives a memo whose parts agree;
/// never a trap. Seeded, so a failure reproduces.
@Suite struct CacheMutationTests {
    @Test func mutatedCacheFilesAreRefusedOrWhole() throws {
        let scratch = try ScratchDirectory()
        let (_, store, a, b) = try CachedReadTests.recordPair(scratch)
        let cache = DerivedCache(gitDirectory: store.repository.path, area: "diff")
        let old = try CachedReadTests.read(store, a, cache: cache)
        _ = try CachedReadTests.read(store, b, cache: cache, after: old.memo)
        let filesTree = try CachedReadTests.partTree(store, b)
        let plistsTree = try CachedReadTests.partTree(store, b, part: "plists")
        let files = try #require(cache.read(SnapshotTreeMemo.cacheKey(files: filesTree)))
        let plists = try #require(cache.read(SnapshotTreeMemo.cacheKey(plists: plistsTree)))
        var random = SplitMix(seed: 0xCAC4E)
        var refused = 0, accepted = 0
        for round in 0..<600 {
            let isFiles = round.isMultiple(of: 2)
            let magic = isFiles ? SnapshotTreeMemo.cacheMagic.count : SnapshotTreeMemo.plistCacheMagic.count
            let bytes = Self.resummed(Self.mutated(isFiles ? files : plists, after: magic, &random))
            for previous in [nil, old.memo] {
                var memo = SnapshotTreeMemo()
                if isFiles {
                    if memo.loadFiles(.of(bytes), tree: filesTree, previous: previous) {
                        accepted += 1
                        #expect(memo.loadedFromCache && memo.files.count == memo.ids.count)
                        #expect(memo.fileTrees.values.allSatisfy { $0.range.upperBound <= memo.files.count })
                    } else {
                        refused += 1
                        #expect(memo.files.isEmpty && memo.ids.isEmpty && memo.fileTrees.isEmpty && !memo.loadedFromCache)
                    }
                } else if memo.loadPlists(.of(bytes), tree: plistsTree, previous: previous) {
                    accepted += 1
                    #expect(memo.plistsLoadedFromCache)
                    #expect(memo.plistTrees.values.allSatisfy { $0.range.upperBound <= memo.plists.count })
                } else {
                    refused += 1
                    #expect(memo.plists.isEmpty && memo.plistTrees.isEmpty && !memo.plistsLoadedFromCache)
                }
            }
        }
        // Both outcomes occur: the mutations reach past the first checks.
        #expect(refused > 100 && accepted > 20, "\(refused) refused, \(accepted) accepted")
    }

    /// One to four changes inside the body (the magic and the sum left alone): a byte set
    /// to a random, 0 or 0xFF value, a run cut out, a run doubled, or the body cut short.
    static func mutated(_ good: [UInt8], after start: Int, _ random: inout SplitMix) -> [UInt8] {
        var bytes = good
        for _ in 0...random.below(4) {
            let end = bytes.count - 8
            guard end > start + 1 else { break }
            let at = start + random.below(end - start)
            switch random.below(6) {
            case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
            case 1: bytes[at] = 0
            case 2: bytes[at] = 0xFF
            case 3: bytes.removeSubrange(at..<Swift.min(end, at + 1 + random.below(16)))
            case 4: bytes.insert(contentsOf: bytes[at..<Swift.min(end, at + 1 + random.below(16))], at: at)
            default: bytes.removeSubrange(at..<end)
            }
        }
        return bytes
    }

    /// `bytes` with their closing sum made right again.
    static func resummed(_ bytes: [UInt8]) -> [UInt8] {
        var out = Array(bytes.dropLast(8))
        DerivedCacheBytes.put(DerivedCacheBytes.checksum(out[...]), &out)
        return out
    }
}

import BundleModel
import Git
@testable import SnapshotStore
import TestSupport
import Testing

/// Cache files are read a window at a time: the sum taken as the bytes arrive is the
/// one-shot sum, a file larger than the window reads whole, and a damaged or cut file is
/// refused however it was read.
@Suite struct DerivedCacheStreamTests {
    @Test func theSumTakenInPiecesIsTheOneShotSum() {
        var random = SplitMix(seed: 0x5)
        for _ in 0..<300 {
            let bytes = (0..<random.below(300)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let whole = DerivedCacheBytes.checksum(bytes[...])
            var pieces = DerivedCacheChecksum(), at = 0
            while at < bytes.count {
                let take = Swift.min(bytes.count - at, 1 + random.below(40))
                bytes[at..<(at + take)].withUnsafeBytes { pieces.update($0) }
                at += take
            }
            #expect(pieces.finish() == whole && pieces.count == bytes.count)
        }
    }

    /// A `files-` memo several windows long, with a path longer than a window, reads back
    /// whole; with a byte changed it is refused (the sum is checked after the last window).
    @Test func aMemoLargerThanTheWindowReadsWholeAndADamagedOneIsRefused() throws {
        var memo = SnapshotTreeMemo()
        var random = SplitMix(seed: 0x57)
        let long = BundlePath(bytes: Array("Payload/App.app/".utf8) + [UInt8](repeating: 0x61, count: DerivedCacheStream.window + 5))
        memo.files.append(FileEntry(path: long, kind: .file, size: 3, sha256: SHA256Digest(bytes: [UInt8](repeating: 7, count: 32))))
        for k in 0..<3000 {
            memo.files.append(FileEntry(path: BundlePath(bytes: Array("Payload/App.app/r\(100_000 + k).bin".utf8)), kind: .file,
                                        size: UInt64(k), sha256: SHA256Digest(bytes: (0..<32).map { _ in UInt8(truncatingIfNeeded: random.next()) })))
        }
        memo.ids = memo.files.map { _ in ObjectID(bytes: (0..<20).map { _ in UInt8(truncatingIfNeeded: random.next()) })! }
        let bytes = memo.encodedFiles()
        #expect(bytes.count > 4 * DerivedCacheStream.window)
        var read = SnapshotTreeMemo()
        let loaded = read.loadFiles(.of(bytes), tree: ObjectID.emptyTree)
        #expect(loaded && read.files == memo.files && read.ids == memo.ids)
        for at in [SnapshotTreeMemo.cacheMagic.count + 4, bytes.count / 2, bytes.count - 9, bytes.count - 1] {
            var damaged = bytes
            damaged[at] ^= 0x10
            var refused = SnapshotTreeMemo()
            let accepted = refused.loadFiles(.of(damaged), tree: ObjectID.emptyTree)
            #expect(!accepted && refused.files.isEmpty && !refused.loadedFromCache)
        }
        var cut = SnapshotTreeMemo()
        let cutAccepted = cut.loadFiles(.of(Array(bytes.dropLast(3))), tree: ObjectID.emptyTree)
        #expect(!cutAccepted)
    }
}

import BundleModel
import Foundation
@testable import SnapshotStore
import Testing
import TestSupport

/// Cache files written on the other core (`DerivedCache.writeLater`): a read of the key in
/// this process waits for its write, `finishWrites` lands every one whole (no temporary file
/// left), and a producer with nothing to keep writes nothing.
@Suite struct DerivedCacheLaterTests {
    @Test func aLaterWriteIsSeenWholeAndFinished() throws {
        let scratch = try ScratchDirectory()
        let cache = DerivedCache(gitDirectory: scratch.path("h.git"), area: "diff")
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        // Slow on purpose: the reads below would find no file if they did not wait.
        cache.writeLater("slow", streaming: { emit in
            for start in stride(from: 0, to: bytes.count, by: 65_536) {
                usleep(20_000)
                bytes[start..<min(start + 65_536, bytes.count)].withUnsafeBytes(emit)
            }
        })
        #expect(cache.contains("slow"))
        #expect(cache.read("slow") == bytes)
        cache.writeLater("nothing", making: { nil })
        cache.writeLater("made", making: { [1, 2, 3] })
        DerivedCache.finishWrites()
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.folder).sorted()
        #expect(names == ["made", "slow"])
        #expect(cache.read("made") == [1, 2, 3])
    }

    /// A wait for every write on one thread (a test ending) does not hide a write under way
    /// from a read of its file on another: the read still waits for it.
    @Test func aReadWaitsWhileAnotherThreadWaitsForAll() throws {
        let scratch = try ScratchDirectory()
        let cache = DerivedCache(gitDirectory: scratch.path("h.git"), area: "diff")
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        cache.writeLater("slow", streaming: { emit in
            for start in stride(from: 0, to: bytes.count, by: 40_000) {
                usleep(20_000)
                bytes[start..<min(start + 40_000, bytes.count)].withUnsafeBytes(emit)
            }
        })
        let (read, _) = BothCores.run({ () -> [UInt8]? in
            usleep(10_000)
            return cache.read("slow")
        }, alongside: { DerivedCache.finishWrites() })
        #expect(read == bytes)
        DerivedCache.finishWrites()
    }
}

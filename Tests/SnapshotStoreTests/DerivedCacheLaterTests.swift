import BundleModel
import Foundation
@testable import SnapshotStore
import Testing
import TestSupport

/// Cache files written on the other core (`DerivedCache.writeLater`): a read of the key in
/// this process waits for its write, `finishWrites` lands every one whole (no temporary file
/// left), and a producer with nothing to keep writes nothing.
@Suite struct DerivedCacheLaterTests {
    /// Begins writing `count` bytes under `slow`, `part` bytes every 20 ms, and returns them:
    /// slow on purpose, so that a read that did not wait would find no file.
    static func writeSlowly(_ cache: DerivedCache, count: Int, part: Int) -> [UInt8] {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        cache.writeLater("slow", streaming: { emit in
            for start in stride(from: 0, to: bytes.count, by: part) {
                usleep(20_000)
                bytes[start..<min(start + part, bytes.count)].withUnsafeBytes(emit)
            }
        })
        return bytes
    }

    @Test func aLaterWriteIsSeenWholeAndFinished() throws {
        let scratch = try ScratchDirectory()
        let cache = DerivedCache(gitDirectory: scratch.path("h.git"), area: "diff")
        let bytes = Self.writeSlowly(cache, count: 300_000, part: 65_536)
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
        let bytes = Self.writeSlowly(cache, count: 200_000, part: 40_000)
        let (read, _) = BothCores.run({ () -> [UInt8]? in
            usleep(10_000)
            return cache.read("slow")
        }, alongside: { DerivedCache.finishWrites() })
        #expect(read == bytes)
        DerivedCache.finishWrites()
    }
}

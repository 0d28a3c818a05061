@testable import SnapshotStore
import Testing

/// `DerivedCacheBytes.checksum`, the sum that closes every derived-cache file: any one byte
/// changed, two words swapped (within a lane and across lanes) or a byte cut off changes it,
/// at every length around the lanes' 32-byte blocks.
@Suite struct CacheChecksumTests {
    @Test(arguments: [0, 1, 7, 8, 9, 31, 32, 33, 63, 64, 65, 100, 257])
    func everySmallDamageChangesTheSum(length: Int) {
        var seed: UInt64 = 0x9e37_79b9_7f4a_7c15 ^ UInt64(length)
        let bytes = (0..<length).map { _ -> UInt8 in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: seed >> 56)
        }
        let sum = DerivedCacheBytes.checksum(bytes[...])
        for i in bytes.indices {
            var changed = bytes
            changed[i] ^= 0x01
            #expect(DerivedCacheBytes.checksum(changed[...]) != sum, "byte \(i) of \(length)")
        }
        if !bytes.isEmpty { #expect(DerivedCacheBytes.checksum(bytes.dropLast()) != sum) }
        #expect(DerivedCacheBytes.checksum((bytes + [0])[...]) != sum, "a zero byte added")
        for (first, second) in [(0, 1), (0, 4), (1, 2), (3, 7)] where (second + 1) * 8 <= length {
            var swapped = bytes
            for k in 0..<8 { swapped.swapAt(first * 8 + k, second * 8 + k) }
            guard swapped != bytes else { continue }
            #expect(DerivedCacheBytes.checksum(swapped[...]) != sum, "words \(first) and \(second) of \(length)")
        }
    }
}

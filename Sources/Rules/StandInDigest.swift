import BundleModel

/// A deterministic 32-byte digest of example content (four FNV-1a lanes). Not SHA-256 and
/// not for real builds: examples only need equal content ⇔ equal digest.
enum StandInDigest {
    static func digest(_ bytes: [UInt8]) -> SHA256Digest {
        var out: [UInt8] = []
        out.reserveCapacity(32)
        for lane in UInt64(0)..<4 {
            var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ (lane &* 0x9E37_79B9_7F4A_7C15)
            for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
            h ^= UInt64(bytes.count)
            for shift in stride(from: 0, to: 64, by: 8) { out.append(UInt8(truncatingIfNeeded: h >> UInt64(shift))) }
        }
        return SHA256Digest(bytes: out)
    }
}

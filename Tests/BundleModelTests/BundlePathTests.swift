import BundleModel
import Testing

/// `BundlePath.isWithin` and `ByteRun.equal` compare buffers eight bytes at a time, then
/// byte by byte: paths on either side of that boundary, and names that share a folder's
/// bytes without being inside it, must answer as a byte-by-byte comparison would.
@Suite struct BundlePathTests {
    /// Every prefix of `path` cut at a `/`, and a few near misses.
    @Test func withinMatchesTheComponents() {
        let folders = ["", "A", "A.app", "A.app/Frameworks", "A.app/Frameworks/F.framework",
                       "A.app/Frameworks/F.framework/Versions/A", "A.ap", "A.app/Frameworks/F", "B.app",
                       "A.app/Frameworks/F.framework/Versions/AB", "A.appX"]
        let paths = ["A.app", "A.app/Info.plist", "A.app/Frameworks/F.framework/Versions/A/F",
                     "A.app/Frameworks/F.framework/Versions/AB", "A.appX/y", "A"]
        for path in paths {
            for folder in folders {
                let p = BundlePath(path), f = BundlePath(folder)
                let expected = folder.isEmpty || path == folder || path.hasPrefix(folder + "/")
                #expect(p.isWithin(f) == expected, "\(path) within \(folder)")
            }
        }
    }

    /// Equal and unequal runs of every length from 0 to 20, differing at each position.
    @Test func runsCompareEveryByte() {
        for length in 0...20 {
            let a = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 1) }
            #expect(ByteRun.equal(a[...], Array(a)[...]))
            #expect(!ByteRun.equal(a[...], (a + [0])[...]))
            for k in 0..<length {
                var b = a
                b[k] ^= 0x80
                #expect(!ByteRun.equal(a[...], b[...]), "length \(length), byte \(k)")
                // A slice that does not start at index 0 reads from its own start.
                let shifted = [0xFF] + a
                #expect(ByteRun.equal(shifted[1...], a[...]))
            }
        }
    }
}

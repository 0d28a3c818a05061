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

    /// `ByteRun.treeOrder` is git's tree order: the bytes with a folder's ending in `/`,
    /// whichever of the two is a folder, wherever they first differ ("a.b" before folder "a",
    /// folder "a" before "a0", a name before the same name as a folder).
    @Test func treeOrderIsGitOrder() {
        let names: [[UInt8]] = ["", "a", "a.b", "a0", "a/", "ab", "abcdefghi", "abcdefgh", "abcdefgh.", "b"].map { Array($0.utf8) }
            + [[0x61, 0xC3], [0x61, 0x2F, 0x62]]
        for a in names {
            for b in names {
                for (aFolder, bFolder) in [(false, false), (true, false), (false, true), (true, true)] {
                    let ka = a + (aFolder ? [0x2F] : []), kb = b + (bFolder ? [0x2F] : [])
                    let expected = ka == kb ? 0 : (ka.lexicographicallyPrecedes(kb) ? -1 : 1)
                    let order = a.withUnsafeBytes { x in b.withUnsafeBytes { ByteRun.treeOrder(x, folder: aFolder, $0, folder: bFolder) } }
                    #expect(order == expected, "\(a) \(aFolder) \(b) \(bFolder)")
                }
            }
        }
    }

    /// `ByteRun.sameParent` answers as comparing the two folders (the bytes before each last
    /// `/`) does, wherever the paths first differ and whatever their slashes (leading,
    /// doubled, trailing), on either side of its eight-byte steps.
    @Test func sameParentComparesTheFolders() {
        func folder(_ path: [UInt8]) -> [UInt8] { Array(path[..<(path.lastIndex(of: 0x2F) ?? 0)]) }
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0x2F, 0x2F, 0x61, 0x62, 0x2E]
        var paths: [[UInt8]] = [[], [0x2F], [0x61], [0x2F, 0x61], [0x61, 0x2F]]
        for _ in 0..<400 {
            paths.append((0..<Int.random(in: 0...20, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        }
        let long = Array("Payload/App.app/Frameworks/Core.framework/".utf8)
        paths += [long + Array("a".utf8), long + Array("b".utf8), long + Array("c/d".utf8), Array(long.dropLast())]
        for a in paths {
            for b in paths.prefix(120) + [a + [0x61], a + [0x2F, 0x61]] {
                #expect(ByteRun.sameParent(a, b) == (folder(a) == folder(b)), "\(a) \(b)")
            }
        }
    }

    /// `<` reads eight bytes at a time: it must order as unsigned bytes do, a prefix first,
    /// wherever the first difference falls (bytes past 0x7F included).
    @Test func orderIsBytewise() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0x2E, 0x2F, 0x41, 0x61, 0x7F, 0x80, 0xC3, 0xFF]
        var paths: [[UInt8]] = [[], [0x41], Array(repeating: 0x61, count: 8), Array(repeating: 0x61, count: 9)]
        for _ in 0..<300 {
            let length = Int.random(in: 0...24, using: &generator)
            paths.append((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
        }
        // Pairs that agree for a while, then differ (or one ends).
        for p in paths.prefix(100) { paths.append(p + [0x2F, 0x80]); paths.append(Array(p.dropLast())) }
        for a in paths {
            for b in paths.prefix(120) {
                #expect((BundlePath(bytes: a) < BundlePath(bytes: b)) == a.lexicographicallyPrecedes(b), "\(a) < \(b)")
            }
        }
    }

    /// `ByteRun.isBeforeByComponents` orders paths as their components do, each compared
    /// bytewise (a folder's children right after it, before a sibling named like it with a
    /// byte below `/` next: `A/x` before `A-b` and `A.car`), wherever the first difference
    /// falls. Paths without empty names, as a build's are.
    @Test func componentOrderIsTheComponentsOrder() {
        var generator = SystemRandomNumberGenerator()
        let names: [[UInt8]] = [[0x41], [0x41, 0x2D, 0x62], [0x41, 0x2E, 0x63], [0x41, 0x20], [0x61], [0x01], [0xC3, 0xA9],
                                Array("Frameworks".utf8), Array("Frameworks.x".utf8)]
        var paths: [[UInt8]] = []
        for _ in 0..<400 {
            let depth = Int.random(in: 1...4, using: &generator)
            let parts = (0..<depth).map { _ in names.randomElement(using: &generator)! }
            paths.append(Array(parts.joined(separator: [0x2F])))
        }
        func components(_ p: [UInt8]) -> [[UInt8]] { p.split(separator: 0x2F).map(Array.init) }
        for a in paths.prefix(150) {
            for b in paths {
                let expected = components(a).lexicographicallyPrecedes(components(b)) { $0.lexicographicallyPrecedes($1) }
                let answer = a.withUnsafeBytes { x in b.withUnsafeBytes { ByteRun.isBeforeByComponents(x, $0) } }
                #expect(answer == expected, "\(a) before \(b)")
            }
        }
    }

    /// A digest's words are its bytes, read big-endian; a shorter input is zero-padded.
    @Test func digestBytesRoundTrip() {
        let bytes = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ 200) }
        #expect(SHA256Digest(bytes: bytes).bytes == bytes)
        #expect(SHA256Digest(bytes: ([7] + bytes)[1...]).bytes == bytes)
        #expect(SHA256Digest(bytes: Array(bytes.prefix(5))).bytes == Array(bytes.prefix(5)) + Array(repeating: 0, count: 27))
        #expect((SHA256Digest(bytes: bytes) < SHA256Digest(bytes: bytes.map { $0 | 0x80 })) == bytes.lexicographicallyPrecedes(bytes.map { $0 | 0x80 }))
    }
}

import TextSafety

/// How a name of a recorded build is spelled inside a git tree.
///
/// Names git cannot hold or that `git fsck --strict` rejects, and every name beginning
/// with `%`, are stored as `%` + the lowercase hex of every byte. A plain name never
/// begins with `%`, so the mapping is injective and `unescape` restores the exact bytes.
///
/// Escaped: the empty name, `.`, `..`, names holding NUL or `/`, names beginning with
/// `%`, and names git treats as `.git` or `.gitmodules` on some filesystem: compared
/// ASCII-case-insensitively after dropping HFS+-ignorable code points, anything from a
/// `:` on (NTFS streams) and trailing spaces and dots (NTFS): `.git`, `git~1`,
/// `.gitmodules` and `gitmod~<n>`.
enum TreeNameEscaping {
    static func escape(_ name: [UInt8]) -> [UInt8] {
        needsEscape(name) ? [UInt8(ascii: "%")] + Array(Hex.encode(name).utf8) : name
    }

    /// The original bytes of a stored name; nil when an escaped name is malformed or is
    /// not the one spelling `escape` gives (uppercase hex would name the same file twice).
    static func unescape(_ stored: [UInt8]) -> [UInt8]? {
        guard stored.first == UInt8(ascii: "%") else { return stored }
        let digits = stored.dropFirst()
        guard digits.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(digits.count / 2)
        var i = digits.startIndex
        while i < digits.endIndex {
            guard let hi = lowercaseNibble(digits[i]), let lo = lowercaseNibble(digits[i + 1]) else { return nil }
            out.append(hi << 4 | lo)
            i += 2
        }
        // Only names that needed escaping are ever escaped: anything else is not ours.
        return needsEscape(out) ? out : nil
    }

    static func needsEscape(_ name: [UInt8]) -> Bool {
        if name.isEmpty || name == [0x2E] || name == [0x2E, 0x2E] { return true }
        if name.first == UInt8(ascii: "%") || name.contains(0) || name.contains(UInt8(ascii: "/")) { return true }
        let folded = folded(name)
        return folded == dotGit || folded == gitShort || folded == dotGitmodules || folded.starts(with: gitmodulesShort)
    }

    // Spelled once: this runs for every component of every recorded path.
    private static let dotGit = Array(".git".utf8)
    private static let gitShort = Array("git~1".utf8)
    private static let dotGitmodules = Array(".gitmodules".utf8)
    private static let gitmodulesShort = Array("gitmod~".utf8)

    /// Lowercased ASCII, HFS+-ignorable code points removed, cut at `:`, trailing
    /// spaces and dots removed.
    private static func folded(_ name: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < name.count {
            if i + 2 < name.count, isHFSIgnorable(name[i], name[i + 1], name[i + 2]) {
                i += 3
                continue
            }
            let b = name[i]
            if b == UInt8(ascii: ":") { break }
            out.append(b >= 0x41 && b <= 0x5A ? b + 0x20 : b)
            i += 1
        }
        while let last = out.last, last == UInt8(ascii: " ") || last == UInt8(ascii: ".") {
            out.removeLast()
        }
        return out
    }

    /// U+200C…U+200F, U+202A…U+202E, U+206A…U+206F and U+FEFF in UTF-8.
    private static func isHFSIgnorable(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Bool {
        switch (a, b) {
        case (0xE2, 0x80): return (0x8C...0x8F).contains(c) || (0xAA...0xAE).contains(c)
        case (0xE2, 0x81): return (0xAA...0xAF).contains(c)
        case (0xEF, 0xBB): return c == 0xBF
        default: return false
        }
    }

    private static func lowercaseNibble(_ c: UInt8) -> UInt8? {
        (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(c) ? nil : Hex.nibble(c)
    }
}

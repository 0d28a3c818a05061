/// The `encoding` named by an XML declaration (`<?xml version="1.0" encoding="…"?>`),
/// checked against how the bytes were actually decoded.
///
/// The text was decoded by its BOM or NUL pattern (UTF-8 or UTF-16). A declaration that
/// names an encoding CoreFoundation does not know makes the file unreadable on a device,
/// so it is an error here too; one that names an 8-bit encoding is only safe while the
/// text is ASCII (where every such encoding agrees with UTF-8): past that, reading the
/// bytes as UTF-8 would silently give other characters than the file means.
enum XMLDeclaration {
    static let unicodeNames: Set<String> = [
        "utf-8", "utf8", "utf-16", "utf-16le", "utf-16be", "utf16", "us-ascii", "ascii",
    ]
    static let eightBitNames: Set<String> = [
        "iso-8859-1", "iso-8859-2", "iso-8859-5", "iso-8859-7", "iso-8859-9", "iso-8859-15", "iso-latin-1",
        "latin1", "windows-1250", "windows-1251", "windows-1252", "windows-1253", "windows-1254", "cp1252",
        "macintosh", "x-mac-roman", "macroman", "shift_jis", "euc-jp", "iso-2022-jp", "gb2312", "gbk", "big5",
        "euc-kr", "koi8-r",
    ]

    static func check(_ utf8: [UInt8]) throws(PlistError) {
        guard let name = encodingName(utf8) else { return }
        let lower = String(decoding: name.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
        if unicodeNames.contains(lower) { return }
        let quoted = CanonicalText.quote(String(decoding: name, as: UTF8.self))
        guard eightBitNames.contains(lower) else {
            throw PlistError("unknown encoding \(quoted) in the XML declaration", line: 1)
        }
        if let index = utf8.firstIndex(where: { $0 >= 0x80 }) {
            let line = 1 + utf8[..<index].count { $0 == 0x0A }
            throw PlistError("text declared as \(quoted) is not ASCII, and only UTF-8 and UTF-16 are decoded", line: line)
        }
    }

    /// The raw value of `encoding="…"` in a leading `<?xml … ?>`, if any.
    static func encodingName(_ utf8: [UInt8]) -> ArraySlice<UInt8>? {
        guard utf8.starts(with: "<?xml".utf8), utf8.count > 5, isSpace(utf8[5]) else { return nil }
        let window = utf8.prefix(1024)
        guard let end = firstIndex(of: "?>", in: window) else { return nil }
        let declaration = window[..<end]
        guard let key = firstIndex(of: "encoding", in: declaration) else { return nil }
        var i = key + 8
        while i < end, isSpace(utf8[i]) { i += 1 }
        guard i < end, utf8[i] == UInt8(ascii: "=") else { return nil }
        i += 1
        while i < end, isSpace(utf8[i]) { i += 1 }
        guard i < end, utf8[i] == UInt8(ascii: "\"") || utf8[i] == UInt8(ascii: "'") else { return nil }
        let quote = utf8[i]
        let start = i + 1
        guard let close = declaration[start...].firstIndex(of: quote) else { return nil }
        return utf8[start..<close]
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    private static func firstIndex(of literal: String, in bytes: ArraySlice<UInt8>) -> Int? {
        let needle = Array(literal.utf8)
        guard bytes.count >= needle.count else { return nil }
        var i = bytes.startIndex
        while i + needle.count <= bytes.endIndex {
            if bytes[i..<i + needle.count].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}

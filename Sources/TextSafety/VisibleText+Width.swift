extension VisibleText {
    /// How many terminal columns `text` takes: each character (grapheme cluster) one column,
    /// two for East Asian wide and fullwidth characters and emoji shown as pictures, none for
    /// a character that is only a hidden scalar (so escape text first: `escape(_:)`).
    /// Combining marks join the character before them and add nothing.
    public static func columns(_ text: String) -> Int {
        // Printable ASCII, as most report lines are: each byte is a character of one column.
        if isPrintableASCII(text.utf8) { return text.utf8.count }
        var n = 0
        for character in text { n += columns(character) }
        return n
    }

    /// The columns of one character: 0, 1 or 2 (see `columns(_:)`).
    public static func columns(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.value < 0x7F { return first.value < 0x20 ? 0 : 1 }
        if character.unicodeScalars.allSatisfy(isHidden) { return 0 }
        if isWide(first) { return 2 }
        // An emoji with a presentation selector (U+FE0F) or a sequence shown as one picture.
        if first.properties.isEmoji, character.unicodeScalars.count > 1,
           character.unicodeScalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D }) { return 2 }
        return 1
    }

    /// East Asian Wide (W) and Fullwidth (F) blocks, and emoji that show as pictures by default.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
             0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
             0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return scalar.properties.isEmojiPresentation
        }
    }

    /// The longest start of `text` that fits in `columns` columns.
    public static func prefix(_ text: String, columns limit: Int) -> Substring {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let w = columns(text[index])
            if used + w > limit { break }
            used += w
            end = text.index(after: index)
        }
        return text[..<end]
    }
}

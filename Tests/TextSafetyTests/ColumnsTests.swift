import Testing
import TextSafety

/// Display width for wrapping and columns: one column per character, two for East Asian
/// wide characters and picture emoji, none for combining marks on their own column.
@Suite struct ColumnsTests {
    @Test(arguments: [
        ("Wanderlust", 10),
        ("旅行", 4),               // CJK ideographs: wide
        ("여행", 4),               // Hangul syllables: wide
        ("ｆｕｌｌ", 8),            // fullwidth forms
        ("café", 4),               // precomposed é
        ("cafe\u{301}", 4),        // e + combining acute: one character
        ("🚀", 2),                  // emoji shown as a picture
        ("❤\u{FE0F}", 2),          // emoji presentation selector
        ("👩\u{200D}💻", 2),        // a ZWJ sequence is one picture
        ("\\u{202e}", 8),           // an escape as VisibleText shows it
        ("", 0),
    ])
    func columns(_ text: String, _ expected: Int) {
        #expect(VisibleText.columns(text) == expected)
    }

    @Test func prefixNeverSplitsAWideCharacter() {
        #expect(VisibleText.prefix("旅行者", columns: 3) == "旅")
        #expect(VisibleText.prefix("旅行者", columns: 4) == "旅行")
        #expect(VisibleText.prefix("abc", columns: 10) == "abc")
        #expect(VisibleText.prefix("abc", columns: 0) == "")
    }

    /// Printable ASCII takes a fast path in `columns` and `escape(bytes:)`: it must agree
    /// with the character-by-character answer, and leave every other byte to it.
    @Test func printableASCIIFastPathsAgreeWithTheGeneralOnes() {
        let printable = (0x20..<0x7F).map { UInt8($0) }
        var generator = SystemRandomNumberGenerator()
        for length in 0..<64 {
            let bytes = (0..<length).map { _ in printable.randomElement(using: &generator)! }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(VisibleText.columns(text) == text.reduce(0) { $0 + VisibleText.columns($1) })
            // `\` doubled, and the second scalar of a CI log command marker (`::`, `##[`,
            // `##vso[`) escaped.
            let s = Array(text.unicodeScalars)
            var expected = ""
            for (i, c) in s.enumerated() {
                let next = String(String.UnicodeScalarView(s[min(i + 1, s.count)...].prefix(4)))
                if c == "\\" { expected += "\\\\" }
                else if i > 0, c == ":", s[i - 1] == ":" { expected += "\\u{3a}" }
                else if i > 0, c == "#", s[i - 1] == "#", next.hasPrefix("[") || next == "vso[" { expected += "\\u{23}" }
                else { expected.unicodeScalars.append(c) }
            }
            #expect(VisibleText.escape(bytes: bytes) == expected)
        }
        #expect(VisibleText.columns(String(decoding: printable, as: UTF8.self)) == printable.count)
        // DEL and controls are hidden: escaped, and no column.
        #expect(VisibleText.escape(bytes: Array("a\u{7F}b\tc".utf8)) == "a\\u{7f}b\\tc")
        #expect(VisibleText.columns("a\u{7F}b\tc") == 3)
    }
}

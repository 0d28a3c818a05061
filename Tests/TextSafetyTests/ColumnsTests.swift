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
}

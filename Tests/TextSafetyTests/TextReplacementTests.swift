import Testing
import TextSafety

/// Replacement by UTF-8 bytes: every occurrence, left to right, even where a combining mark
/// follows (a `Character` comparison sees one grapheme there and misses the quote).
@Suite struct TextReplacementTests {
    @Test func replacesEveryOccurrenceWithoutOverlap() {
        #expect(TextReplacement.replacing("\"", with: "\"\"", in: "a\"b\"") == "a\"\"b\"\"")
        #expect(TextReplacement.replacing("aa", with: "b", in: "aaa") == "ba")
        #expect(TextReplacement.replacing("x", with: "y", in: "abc") == "abc")
        #expect(TextReplacement.replacing("", with: "y", in: "abc") == "abc")
        #expect(TextReplacement.replacing("ab", with: "", in: "abab") == "")
    }

    @Test func findsAQuoteThatACombiningMarkFollows() {
        let name = "t\"\u{301}x"  // `"` and U+0301 are one Character
        #expect(!name.contains("\"" as Character))
        #expect(TextReplacement.replacing("\"", with: "\"\"", in: name) == "t\"\"\u{301}x")
        #expect(TextReplacement.replacing("secret", with: "***", in: "a secret\u{301} b") == "a ***\u{301} b")
    }
}

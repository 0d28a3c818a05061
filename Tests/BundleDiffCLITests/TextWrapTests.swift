@testable import Reporters
import TestSupport
import Testing
import TextSafety

/// Report lines wrap at spaces on display columns, with a hanging indent; a word longer
/// than a line is cut at the line's end; colour never moves a break.
@Suite struct TextWrapTests {
    static func widest(_ lines: [String]) -> Int { lines.map(TextWrap.columns).max() ?? 0 }

    @Test func wrapsAtSpacesWithAHangingIndent() {
        let wrap = TextWrap(width: 40)
        let lines = wrap.wrap("  one two three four five six seven eight nine ten eleven twelve", indent: 6)
        #expect(lines == ["  one two three four five six seven", "      eight nine ten eleven twelve"])
        #expect(Self.widest(lines) <= 40)
        #expect(wrap.wrap("  short", indent: 6) == ["  short"])
    }

    @Test func wideCharactersTakeTwoColumns() {
        let wrap = TextWrap(width: 40)
        let words = Array(repeating: "旅行者", count: 8).joined(separator: " ")  // 8 × 6 columns + 7 spaces
        let lines = wrap.wrap(first: "  ", words, indent: 2)
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { TextWrap.columns($0) <= 40 })
        #expect(lines[0] == "  " + Array(repeating: "旅行者", count: 5).joined(separator: " "))
    }

    @Test func aWordLongerThanALineIsCutAtItsEnd() {
        let wrap = TextWrap(width: 40)
        let path = String(repeating: "a", count: 100)
        let lines = wrap.wrap(first: "    ", "x " + path, indent: 4)
        #expect(lines.allSatisfy { TextWrap.columns($0) <= 40 })
        #expect(lines.map { String($0.drop { $0 == " " }) }.joined() == "x" + path)
    }

    @Test func colourDoesNotCountAsColumns() {
        let red = "\u{1B}[31mFAIL\u{1B}[0m"
        #expect(TextWrap.columns(red) == 4)
        let wrap = TextWrap(width: 40)
        let words = Array(repeating: "word", count: 12).joined(separator: " ")
        let plain = wrap.wrap("FAIL " + words, indent: 2)
        let coloured = wrap.wrap(red + " " + words, indent: 2)
        #expect(coloured.count == plain.count)
        #expect(coloured.dropFirst() == plain.dropFirst())
    }

    /// Printable ASCII is wrapped over its bytes (`PrintableLine`): line for line what the
    /// character-by-character wrap gives, on words of every length, runs of spaces, leading
    /// and trailing spaces, empty text and every width from the narrowest up.
    @Test func printableLinesWrapAsCharactersDo() {
        var random = SplitMix(seed: 11)
        let alphabet = Array("ab:/.-_ 0[]'~") + [" ", " "]
        for round in 0..<2_000 {
            let width = TextWrap.narrowest + random.below(50)
            let wrap = TextWrap(width: width)
            let length = round % 10 == 0 ? random.below(3) : random.below(300)
            let text = String((0..<length).map { _ in alphabet[random.below(alphabet.count)] })
            let first = String(repeating: " ", count: random.below(8)) + (round % 3 == 0 ? "com.example.app" : "")
            let indent = random.below(60)
            #expect(wrap.wrap(first: first, text, indent: indent) == wrap.wrapByCharacter(first: first, text, indent: indent),
                    "width \(width), indent \(indent), first '\(first)', text '\(text)'")
            let line = first + text
            let lead = line.prefix { $0 == " " }
            let byCharacter = TextWrap.columns(line) > width
                ? wrap.wrapByCharacter(first: String(lead), String(line.dropFirst(lead.count)), indent: indent) : [line]
            #expect(wrap.wrap(line, indent: indent) == byCharacter)
        }
    }

    @Test func narrowWidthsWrapAtTheNarrowest() {
        #expect(TextWrap(width: 5).width == TextWrap.narrowest)
        let lines = TextWrap(width: 5).wrap(first: "", String(repeating: "word ", count: 20), indent: 2)
        #expect(lines.allSatisfy { TextWrap.columns($0) <= TextWrap.narrowest })
    }
}

/// The one size formatter: decimal units, one decimal place, never `1000.0 KB`.
@Suite struct ByteCountTests {
    @Test(arguments: [(UInt64(0), "0 B"), (999, "999 B"), (1000, "1.0 KB"), (1_449, "1.4 KB"), (999_949, "999.9 KB"),
                      (999_950, "1.0 MB"), (68_157_440, "68.2 MB"), (2_100_000_000, "2.1 GB"), (UInt64.max, "18.4 EB")])
    func humanUnits(_ bytes: UInt64, _ text: String) {
        #expect(ByteCount.text(bytes) == text)
    }
}

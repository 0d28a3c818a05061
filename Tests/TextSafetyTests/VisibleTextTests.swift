import Foundation
import Testing
import TextSafety

/// The one answer to "what is hidden": the classes it names, what stays visible, and the
/// recorded format's frozen escapes being part of it.
@Suite struct VisibleTextTests {
    @Test(arguments: [0x00, 0x07, 0x0A, 0x0D, 0x1B, 0x7F, 0x85, 0x9B, 0xAD, 0x034F, 0x061C, 0x115F, 0x180E,
                      0x200B, 0x200D, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A, 0x202E, 0x2060, 0x2066, 0x2069,
                      0x3164, 0xFEFF, 0xFFF9, 0xFFFE, 0xFFFF, 0xE0001, 0xE0041, 0x1FFFF] as [UInt32])
    func hidden(_ value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        #expect(VisibleText.isHidden(scalar))
        #expect(!VisibleText.escape("a" + String(scalar) + "b").unicodeScalars.contains(scalar))
    }

    @Test(arguments: [0x20, 0x41, 0x5C, 0xA0, 0xE9, 0x05D0, 0x0627, 0x3042, 0xFE0F, 0x1F680] as [UInt32])
    func visible(_ value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        #expect(!VisibleText.isHidden(scalar))
        #expect(VisibleText.escape(String(scalar)) == String(scalar))
    }

    @Test func everyRecordedEscapeIsHidden() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if RecordedEscapes.inCanonicalText(scalar) || RecordedEscapes.inCommitMessage(scalar)
                || RecordedEscapes.inSummaryJSON(scalar) {
                #expect(VisibleText.isHidden(scalar), "U+\(String(value, radix: 16))")
            }
        }
    }

    /// The BMP fast path loses nothing: for every BMP scalar, the answer is the one the
    /// Unicode properties give.
    @Test func fastPathAgreesWithTheProperties() {
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let p = scalar.properties
            var hidden: Bool
            switch p.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: hidden = true
            default: hidden = p.isDefaultIgnorableCodePoint || p.isNoncharacterCodePoint
            }
            if (0xFE00...0xFE0F).contains(value) { hidden = false }
            #expect(VisibleText.isHidden(scalar) == hidden, "U+\(String(value, radix: 16))")
        }
    }

    @Test func spellings() {
        #expect(VisibleText.escape("a\nb\rc\td\u{1B}[0m\u{202E}") == "a\\nb\\rc\\td\\u{1b}[0m\\u{202e}")
        #expect(VisibleText.escape(bytes: Array("a\\b\n".utf8) + [0xFF, 0xED, 0xA0, 0x80]) == "a\\\\b\\n\\xFF\\xED\\xA0\\x80")
    }

    @Test func quotedInputIsShortAndOneLine() {
        #expect(VisibleText.quoted("x\ny") == "'x\\ny'")
        let long = String(repeating: "é", count: 1_000_000)
        let quoted = VisibleText.quoted(long)
        #expect(quoted.unicodeScalars.count < 240)
        #expect(quoted.hasSuffix("…' (1000000 characters)"))
    }

    @Test func hashCommandsAreFoundByteByByte() {
        for text in ["##[error]x", "a ##vso[task.setvariable]", "é##[", "x##vso["] {
            #expect(VisibleText.holdsHashCommand(text), "\(text)")
        }
        for text in ["", "#", "##", "#[", "# #[", "##vso", "##vs[", "::error::", "##v", "é#é#["] {
            #expect(!VisibleText.holdsHashCommand(text), "\(text)")
        }
    }

    @Test func jsonKeepsTheDataAndHidesNothingRaw() throws {
        let value = ["k\u{202E}": "v\u{2066}\u{85}\u{7F}\u{E0041}\n"]
        let encoded = try JSONEncoder().encode(value)
        let safe = VisibleText.escapeJSON(String(decoding: encoded, as: UTF8.self))
        #expect(!safe.unicodeScalars.contains { VisibleText.isHidden($0) })
        #expect(try JSONDecoder().decode([String: String].self, from: Data(safe.utf8)) == value)
    }

    /// CI log commands from a build never reach a runner: GitHub Actions reads `::` at the
    /// start of a line (a wrapped value may start one) and `##[` anywhere, Azure Pipelines
    /// `##vso[` anywhere. The data stays readable, and JSON keeps it exactly.
    @Test func logCommandMarkersAreBroken() throws {
        #expect(VisibleText.escape("::error::x") == ":\\u{3a}error:\\u{3a}x")
        #expect(VisibleText.escape(":::") == ":\\u{3a}\\u{3a}")
        #expect(VisibleText.escape("a ##vso[task.complete]") == "a #\\u{23}vso[task.complete]")
        #expect(VisibleText.escape("##[error]") == "#\\u{23}[error]")
        #expect(VisibleText.escape("# ## #x ##v") == "# ## #x ##v", "no marker: unchanged")
        #expect(VisibleText.escape(bytes: Array("p ::warning::m ##vso[x].png".utf8)) == "p :\\u{3a}warning:\\u{3a}m #\\u{23}vso[x].png")
        let value = ["k": "##vso[task.setvariable variable=OK]1 ::add-mask::x"]
        let safe = VisibleText.escapeJSON(String(decoding: try JSONEncoder().encode(value), as: UTF8.self))
        #expect(!safe.contains("##vso["))
        #expect(try JSONDecoder().decode([String: String].self, from: Data(safe.utf8)) == value)
    }
}

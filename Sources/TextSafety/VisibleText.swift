/// The one answer to "what is hidden in a text, and how does it show": every output of
/// every command (terminal lines, reports in every format, error messages) shows text
/// that came from a build or from the user through this type.
///
/// A scalar is hidden when it could forge a line, hide text or reorder what is around it:
/// - controls: C0, DEL, C1 (general category Cc), so also ESC, CR, LF and tab;
/// - format characters (Cf): the bidi marks, embeddings, overrides and isolates
///   (U+061C, U+200E/F, U+202A–E, U+2066–9), zero-width space, joiners, word joiner,
///   soft hyphen, U+FEFF, the interlinear annotation marks, the tag characters U+E0000–E007F…;
/// - the line and paragraph separators U+2028, U+2029 (Zl, Zp);
/// - the other default-ignorable code points (which render as nothing: U+034F, the Hangul
///   fillers, U+17B4/5, U+180B–F, reserved U+2065…), except the variation selectors
///   U+FE00–FE0F, which only pick the glyph of the character before them (emoji);
/// - noncharacters (U+FFFE, U+FFFF, U+FDD0–FDEF, and the last two of every plane).
///
/// A hidden scalar shows as `\n`, `\r`, `\t`, or `\u{202e}` (lower-case hex). Bytes that are
/// not UTF-8 (paths) show as `\xNN`; a Swift `String` holds no lone surrogates.
public enum VisibleText {
    /// Whether `scalar` is shown as an escape instead of itself.
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v >= 0x20 && v < 0x7F { return false }
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return true }
        if v >= 0xFE00 && v <= 0xFE0F { return false }
        if v < 0x10000 && !inHiddenBlock(v) { return false }
        let p = scalar.properties
        switch p.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return p.isDefaultIgnorableCodePoint || p.isNoncharacterCodePoint
        }
    }

    /// Whether every byte is printable ASCII (space to `~`): no hidden scalar, and each
    /// byte a character of its own, one column wide.
    @inlinable
    public static func isPrintableASCII(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// Whether a BMP scalar lies in a block that holds hidden scalars (format characters,
    /// default-ignorables, separators, noncharacters): a fast path that spares the Unicode
    /// property lookup for ordinary letters. A test checks it against the properties.
    static func inHiddenBlock(_ v: UInt32) -> Bool {
        switch v {
        case 0xAD, 0x34F, 0x600...0x61C, 0x6DD, 0x70F, 0x890...0x8E2, 0x115F...0x1160, 0x17B4...0x17B5,
             0x180B...0x180F, 0x2000...0x206F, 0x3164, 0xFDD0...0xFDEF, 0xFE00...0xFEFF, 0xFFA0, 0xFFF0...0xFFFF: true
        default: false
        }
    }

    /// The escape of a hidden scalar: `\n`, `\r`, `\t`, else `\u{202e}`.
    public static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        default: "\\u{" + String(scalar.value, radix: 16) + "}"
        }
    }

    /// `text` on one line with every hidden scalar escaped, and every CI log command
    /// marker (`isLogCommandMarker`: `::`, `##[`, `##vso[`) broken by an escape of its
    /// second scalar (`:\u{3a}`); the same string when there is neither. Backslashes stay as
    /// they are: this is for reading, not for parsing back.
    public static func escape(_ text: String) -> String {
        let commands = mayHoldLogCommand(text)
        guard commands || text.unicodeScalars.contains(where: isHidden) else { return text }
        var out = ""
        guard commands else {
            for scalar in text.unicodeScalars {
                if isHidden(scalar) { out += escape(scalar) } else { out.unicodeScalars.append(scalar) }
            }
            return out
        }
        let scalars = Array(text.unicodeScalars)
        for i in scalars.indices {
            let scalar = scalars[i]
            if isHidden(scalar) {
                out += escape(scalar)
            } else if isLogCommandMarker(scalars, at: i) {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Lines of text made safe, keeping the line breaks between them: each line is
    /// escaped on its own (for multi-line output whose line breaks are ours).
    public static func escapeLines(_ lines: [String]) -> [String] { lines.map(escape) }

    /// At most `limit` scalars of `text`, ending in `…` when cut.
    public static func prefix(_ text: String, limit: Int) -> String {
        guard limit > 0, text.unicodeScalars.count > limit else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit - 1))) + "…"
    }

    /// Input (a name, a value, an argument) quoted for a message: `'…'`, hidden scalars
    /// escaped, at most `limit` characters of it and a note of how many more there were.
    /// Every error that repeats what it was given builds the quote here.
    public static func quoted(_ input: String, limit: Int = 200) -> String {
        let count = input.unicodeScalars.count
        guard count > limit else { return "'" + escape(input) + "'" }
        let shown = String(String.UnicodeScalarView(input.unicodeScalars.prefix(limit)))
        return "'" + escape(shown) + "…' (\(count) characters)"
    }
}

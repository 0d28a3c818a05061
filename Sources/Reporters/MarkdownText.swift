/// Text from a build made safe for GitHub-flavoured Markdown: it can neither end a table
/// cell, start markup, inject HTML, nor reorder what is around it.
///
/// - `&`, `<`, `>` become entities (no raw HTML, `<script>` shows as text);
/// - Markdown punctuation (`\` `` ` `` `*` `_` `[` `]` `~` `|`) is backslash-escaped, so a
///   `|` stays inside its table cell and a backtick opens no code span;
/// - line breaks and tabs show as `\n`, `\r`, `\t`; other control characters and the
///   bidi controls (U+200E/F, U+202A…E, U+2066…9, U+061C) as `\u{202e}`, so a name
///   with a right-to-left override cannot disguise itself or its neighbours.
enum MarkdownText {
    /// Escaped for Markdown (table cells, list items, paragraphs); cut to `limit` characters.
    static func inline(_ text: String, limit: Int = 300) -> String {
        var out = ""
        for scalar in cut(text, limit).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\\", "`", "*", "_", "[", "]", "~", "|": out += "\\" + String(scalar)
            default: out += visible(scalar)
            }
        }
        return out
    }

    /// Escaped for raw HTML where Markdown is not processed (`<summary>` lines).
    static func html(_ text: String, limit: Int = 200) -> String {
        var out = ""
        for scalar in cut(text, limit).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out += visible(scalar)
            }
        }
        return out
    }

    /// The scalar itself, or a visible escape for line breaks, controls and bidi marks.
    private static func visible(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default:
            switch scalar.value {
            case 0..<0x20, 0x7F..<0xA0, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C:
                return "\\u{" + String(scalar.value, radix: 16) + "}"
            default: return String(scalar)
            }
        }
    }

    /// At most `limit` scalars, with `…` when cut.
    private static func cut(_ text: String, _ limit: Int) -> String {
        guard text.unicodeScalars.count > limit else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit - 1))) + "…"
    }
}

import TextSafety
/// Text from a build made safe for GitHub-flavoured Markdown: it can neither end a table
/// cell, start markup, inject HTML, nor reorder what is around it.
///
/// - `&`, `<`, `>` become entities (no raw HTML, `<script>` shows as text);
/// - Markdown punctuation (`\` `` ` `` `*` `_` `[` `]` `~` `|`) is backslash-escaped, so a
///   `|` stays inside its table cell and a backtick opens no code span;
/// - hidden characters (`VisibleText`: line breaks, controls, bidi and other format
///   characters) show as `\n`, `\r`, `\t` or `\u{202e}`, so a name with a right-to-left
///   override cannot disguise itself or its neighbours.
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
    static func html(_ text: String, limit: Int = 200) -> String { HTMLEscaping.attribute(cut(text, limit)) }

    /// The scalar itself, or its visible escape.
    private static func visible(_ scalar: Unicode.Scalar) -> String {
        VisibleText.isHidden(scalar) ? VisibleText.escape(scalar) : String(scalar)
    }

    /// At most `limit` scalars, with `…` when cut.
    private static func cut(_ text: String, _ limit: Int) -> String {
        guard text.unicodeScalars.count > limit else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit - 1))) + "…"
    }
}

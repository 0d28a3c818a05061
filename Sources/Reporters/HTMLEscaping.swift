import TextSafety
/// Text from a build (paths, keys, values, bundle names) made safe for an HTML page.
///
/// - The five markup characters `& < > " '` become character references, so a name can
///   neither open a tag nor leave an attribute.
/// - Hidden characters (`VisibleText`: controls, bidi and other format characters, the
///   separators U+2028/U+2029…) never reach the page: they show as `\n`, `\r`, `\t` or
///   `\u{…}`, the spelling the text report uses. A right-to-left override in a file name
///   therefore cannot reorder the page.
/// - A CI log command marker (`##vso[`, `##[`: `VisibleText.isLogCommandMarker`) is broken
///   by a character reference, for a page printed to a CI log.
/// - Names that may hold right-to-left letters (Arabic, Hebrew) are isolated with `<bdi>`
///   where they sit inside a line of other text (`old path → new path`).
///
/// In element content the visible escapes are wrapped in `<span class="esc">` so a reader
/// notices them; in attributes (tooltips) they are plain text.
public enum HTMLEscaping {
    /// Escaped element content, visible escapes marked up.
    public static func text(_ s: String) -> String { escape(s, markEscapes: true) }

    /// Escaped attribute value (to be placed between double quotes).
    public static func attribute(_ s: String) -> String { escape(s, markEscapes: false) }

    /// A path as `BundlePath.description` spells it: escaped element content with a
    /// line-break opportunity (`<wbr>`) after each `/`, and the description's own escapes
    /// (`\u{…}` for controls, `\xNN` for bytes that are not UTF-8) marked like ours.
    static func path(_ s: String) -> String { escape(s, markEscapes: true, isPath: true) }

    /// A path as `path` shows it, with a line-break opportunity after each `.` too
    /// (`Localizable.<wbr>stringsdict`), for narrow columns.
    static func path(_ s: String, breakAfterDot: Bool) -> String {
        escape(s, markEscapes: true, isPath: true, breakAfterDot: breakAfterDot)
    }

    /// A name such as a bundle identifier: escaped element content with a line-break
    /// opportunity (`<wbr>`) after each `.`, so a long one wraps between its parts, not
    /// inside a word.
    static func name(_ s: String) -> String { escape(s, markEscapes: true, breakAfterDot: true) }

    /// Escaped element content isolated from the surrounding text direction.
    static func isolated(_ s: String) -> String { "<bdi>" + path(s) + "</bdi>" }

    private static func escape(_ s: String, markEscapes: Bool, isPath: Bool = false, breakAfterDot: Bool = false) -> String {
        // Printable ASCII without a character the loop below would change: as it is (most
        // cells of a report; a 10,000-build chart's tooltips spent a tenth of the page here).
        let unchanged = s.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"),
                 UInt8(ascii: "#"): false
            case UInt8(ascii: "/"), UInt8(ascii: "\\"): !isPath
            case UInt8(ascii: "."): !breakAfterDot
            default: byte >= 0x20 && byte < 0x7F
            }
        }
        if unchanged { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count)
        let scalars = Array(s.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            i += 1
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "#" where VisibleText.isLogCommandMarker(scalars, at: i - 1): out += "&#35;"
            case "/" where isPath: out += "/<wbr>"
            case "." where breakAfterDot: out += ".<wbr>"
            case "\\" where isPath:
                let length = pathEscapeLength(scalars, at: i - 1)
                let sequence = String(String.UnicodeScalarView(scalars[(i - 1)..<(i - 1 + length)]))
                // Backslashes, letters, hex digits and braces only: nothing to escape.
                out += sequence != "\\\\" && length > 1 ? "<span class=\"esc\">" + sequence + "</span>" : sequence
                i += length - 1
            case _ where VisibleText.isHidden(scalar):
                let shown = VisibleText.escape(scalar)
                out += markEscapes ? "<span class=\"esc\">" + shown + "</span>" : shown
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The length of the escape at `start` in a path description: `\\`, `\n`, `\r`, `\t` 2, `\u{…}` and
    /// `\xNN` their whole length, a lone backslash 1.
    private static func pathEscapeLength(_ s: [Unicode.Scalar], at start: Int) -> Int {
        func isHex(_ k: Int) -> Bool { k < s.count && s[k].properties.isASCIIHexDigit }
        guard start + 1 < s.count else { return 1 }
        switch s[start + 1] {
        case "\\", "n", "r", "t": return 2
        case "x" where isHex(start + 2) && isHex(start + 3): return 4
        case "u" where start + 2 < s.count && s[start + 2] == "{":
            var k = start + 3
            while isHex(k) { k += 1 }
            return k > start + 3 && k < s.count && s[k] == "}" ? k - start + 1 : 1
        default: return 1
        }
    }
}

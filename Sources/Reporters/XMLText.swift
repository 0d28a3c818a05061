/// Text made safe for XML 1.0 attributes and character data.
///
/// Markup characters become entities (`&amp;` `&lt;` `&gt;` `&quot;` `&apos;`). Characters
/// XML 1.0 forbids (C0 controls other than tab and line breaks, U+FFFE, U+FFFF) cannot be
/// written at all, not even as references, so they become visible `\u{…}` text; so do C1
/// controls and the bidi controls, and line breaks and tabs show as `\n`, `\r`, `\t`:
/// one value is always one line, whatever a build's names contain.
enum XMLText {
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                switch scalar.value {
                case 0..<0x20, 0x7F..<0xA0, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C, 0xFFFE, 0xFFFF:
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                default: out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}

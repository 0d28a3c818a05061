import TextSafety
/// Text made safe for XML 1.0 attributes and character data.
///
/// Markup characters become entities (`&amp;` `&lt;` `&gt;` `&quot;` `&apos;`). Characters
/// XML 1.0 forbids (C0 controls other than tab and line breaks, U+FFFE, U+FFFF) cannot be
/// written at all, not even as references, so they become visible `\u{…}` text; so does
/// every other hidden character (`VisibleText`), and line breaks and tabs show as `\n`,
/// `\r`, `\t`: one value is always one line, whatever a build's names contain.
enum XMLText {
    static func escape(_ text: String) -> String {
        var out = ""
        let commands = VisibleText.mayHoldLogCommand(text)
        let scalars = Array(text.unicodeScalars)
        for (i, scalar) in scalars.enumerated() {
            // A CI log command marker (`##vso[`) breaks, as a character reference.
            if commands, scalar == "#", VisibleText.isLogCommandMarker(scalars, at: i) { out += "&#35;"; continue }
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case _ where VisibleText.isHidden(scalar): out += VisibleText.escape(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

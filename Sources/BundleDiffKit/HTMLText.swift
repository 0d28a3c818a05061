/// Text for HTML: control and bidi characters made visible (`VisibleText`), then `&`,
/// `<`, `>`, `"` and `'` as character references, so a recorded name can neither open
/// markup nor reorder the page.
enum HTMLText {
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in VisibleText.escape(text).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

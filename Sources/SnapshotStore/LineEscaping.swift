import TextSafety

/// The backslash escapes of bundlediff's line-based stores (commit message trailers, the
/// query cache): `\` → `\\`, tab → `\t`, newline → `\n`, carriage return → `\r`, and each
/// scalar `visible` picks → `VisibleText.escape` (`\u{hex}`). A value with none of them is
/// returned as it is.
enum LineEscaping {
    static func escape(_ value: String, visible: (Unicode.Scalar) -> Bool = { _ in false }) -> String {
        func special(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\\" || scalar == "\t" || scalar == "\n" || scalar == "\r" || visible(scalar)
        }
        // Most values are ASCII with nothing to escape: a byte scan says so.
        guard value.utf8.contains(where: { $0 >= 0x80 || special(Unicode.Scalar($0)) }) else { return value }
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case _ where visible(scalar): out += VisibleText.escape(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

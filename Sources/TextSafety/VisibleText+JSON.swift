extension VisibleText {
    /// Encoded JSON with every hidden scalar inside its strings written as a `\uXXXX`
    /// escape (a surrogate pair above U+FFFF). The data is the same for a JSON reader; the
    /// bytes hold no raw bidi control or invisible character for a terminal or a viewer.
    /// The encoder already escapes C0 controls, so a raw line break is the document's own
    /// layout and stays.
    public static func escapeJSON(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { $0 != "\n" && isHidden($0) }) else { return json }
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            guard scalar != "\n", isHidden(scalar) else { out.unicodeScalars.append(scalar); continue }
            for unit in String(scalar).utf16 {
                let hex = String(unit, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return out
    }
}

extension VisibleText {
    /// Encoded JSON with every hidden scalar inside its strings written as a `\uXXXX`
    /// escape (a surrogate pair above U+FFFF). The data is the same for a JSON reader; the
    /// bytes hold no raw bidi control or invisible character for a terminal or a viewer.
    /// The encoder already escapes C0 controls, so a raw line break is the document's own
    /// layout and stays.
    /// A CI log command marker (`##[`, `##vso[`: `isLogCommandMarker`) inside a string is
    /// escaped too (`#\u0023vso[`), since a document printed to a CI log is read line by line.
    public static func escapeJSON(_ json: String) -> String {
        let commands = mayHoldLogCommand(json)
        guard commands || json.unicodeScalars.contains(where: { $0 != "\n" && isHidden($0) }) else { return json }
        var out = ""
        out.reserveCapacity(json.utf8.count)
        let scalars = Array(json.unicodeScalars)
        for (i, scalar) in scalars.enumerated() {
            let marker = commands && scalar == "#" && isLogCommandMarker(scalars, at: i)
            guard marker || (scalar != "\n" && isHidden(scalar)) else { out.unicodeScalars.append(scalar); continue }
            for unit in String(scalar).utf16 {
                let hex = String(unit, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return out
    }
}

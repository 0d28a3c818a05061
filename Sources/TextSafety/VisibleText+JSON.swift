extension VisibleText {
    /// Encoded JSON with every hidden scalar inside its strings written as a `\uXXXX`
    /// escape (a surrogate pair above U+FFFF). The data is the same for a JSON reader; the
    /// bytes hold no raw bidi control or invisible character for a terminal or a viewer.
    /// The encoder already escapes C0 controls, so a raw line break is the document's own
    /// layout and stays.
    /// A CI log command marker (`##[`, `##vso[`: `isLogCommandMarker`) inside a string is
    /// escaped too (`#\u0023vso[`), since a document printed to a CI log is read line by line.
    public static func escapeJSON(_ json: String) -> String {
        // Only `##[` and `##vso[` matter here (a JSON line never starts with `::`): test for
        // them exactly, so a document without one keeps the fast path.
        let commands = holdsHashCommand(json)
        guard commands || json.unicodeScalars.contains(where: { $0 != "\n" && isHidden($0) }) else { return json }
        var out = ""
        out.reserveCapacity(json.utf8.count)
        func append(_ scalar: Unicode.Scalar, escaped: Bool) {
            guard escaped else { out.unicodeScalars.append(scalar); return }
            for unit in String(scalar).utf16 {
                let hex = String(unit, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        // A marker needs a look at its neighbours (an array of the scalars); without one,
        // one pass over the document as it is.
        guard commands else {
            for scalar in json.unicodeScalars { append(scalar, escaped: scalar != "\n" && isHidden(scalar)) }
            return out
        }
        let scalars = Array(json.unicodeScalars)
        for i in scalars.indices {
            let scalar = scalars[i]
            append(scalar, escaped: (scalar == "#" && isLogCommandMarker(scalars, at: i)) || (scalar != "\n" && isHidden(scalar)))
        }
        return out
    }
}

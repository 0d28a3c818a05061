/// Makes characters that could forge lines or reorder text visible: C0 and C1 controls
/// (newline, tab, …), U+007F, the bidirectional marks, embeddings, overrides and isolates
/// (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), U+2028/U+2029 and U+FEFF
/// are written as `\u{hex}`, the spelling paths already use (`BundlePath.description`).
/// Used by the text and HTML history reports.
enum VisibleText {
    static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func needsEscape(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x200E || v == 0x200F || (0x202A...0x202E).contains(v)
            || (0x2066...0x2069).contains(v) || v == 0x2028 || v == 0x2029 || v == 0xFEFF || v == 0x061C
    }
}

/// Characters that could forge lines or reorder text, made visible: line breaks and tabs
/// as `\n`, `\r`, `\t`; every other C0 and C1 control, U+007F, the bidi marks, embeddings,
/// overrides and isolates (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), the
/// separators U+2028/U+2029, U+FEFF and the non-characters U+FFFE/U+FFFF as `\u{hex}`,
/// the spelling paths already use (`BundlePath.description`). Every report format shows
/// names from a build this way, whatever markup escaping it adds on top.
public enum VisibleText {
    /// Whether `scalar` is shown as an escape instead of itself.
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F..<0xA0, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069,
             0xFEFF, 0xFFFE, 0xFFFF: true
        default: false
        }
    }

    /// The escape of a hidden scalar: `\n`, `\r`, `\t`, else `\u{202e}`.
    public static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        default: "\\u{" + String(scalar.value, radix: 16) + "}"
        }
    }

    /// `text` with every hidden scalar escaped (the same string when there is none).
    public static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isHidden) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isHidden(scalar) { out += escape(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}

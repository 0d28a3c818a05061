import TextSafety
extension CanonicalText {
    /// A key as a path segment: bare when it matches `[A-Za-z0-9_-]+`, else quoted.
    static func keySegment(_ key: String) -> String {
        isBareKey(key.utf8) ? key : quote(key)
    }

    static func isBareKey(_ bytes: some Collection<UInt8>) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy(isBareByte)
    }

    static func isBareByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"): true
        default: false
        }
    }

    /// A JSON-style quoted string.
    static func quote(_ s: String) -> String {
        var out = ""
        appendQuoted(s, to: &out)
        return out
    }

    /// Appends `quote(s)` to `out` (without building it apart: the Mach-O facts quote
    /// thousands of symbol names per binary).
    static func appendQuoted(_ s: String, to out: inout String) {
        // Printable ASCII other than `"` and `\` is written as it is: one append.
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            out += "\""
            out += s
            out += "\""
            return
        }
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if RecordedEscapes.inCanonicalText(scalar) {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

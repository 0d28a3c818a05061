import TextSafety
extension CanonicalText {
    /// Appends a key as a path segment: bare when it matches `[A-Za-z0-9_-]+`, else quoted.
    static func appendKeySegment(_ key: String, to out: inout [UInt8]) {
        if isBareKey(key.utf8) { out.append(contentsOf: key.utf8) } else { appendQuoted(key, to: &out) }
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
        if isPlain(s) {
            out += "\""
            out += s
            out += "\""
            return
        }
        var bytes: [UInt8] = []
        appendQuoted(s, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `s` is printable ASCII other than `"` and `\`: quoted as it is.
    private static func isPlain(_ s: String) -> Bool {
        s.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    }

    /// `quote(s)`'s bytes, appended to `out`.
    static func appendQuoted(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if isPlain(s) {
            out.append(contentsOf: s.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out.append(contentsOf: "\\\"".utf8)
            case "\\": out.append(contentsOf: "\\\\".utf8)
            case "\n": out.append(contentsOf: "\\n".utf8)
            case "\r": out.append(contentsOf: "\\r".utf8)
            case "\t": out.append(contentsOf: "\\t".utf8)
            default:
                if RecordedEscapes.inCanonicalText(scalar) {
                    out.append(contentsOf: ("\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}").utf8)
                } else {
                    TextEncoding.appendUTF8(scalar.value, to: &out)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

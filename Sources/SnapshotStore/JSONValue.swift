import TextSafety
/// A small JSON value with a deterministic writer: object keys sorted by their UTF-8
/// bytes, two-space indentation, one value per line, `\n` at the end.
indirect enum JSONValue: Hashable {
    case null
    case string(String)
    case integer(String)  // decimal digits, already formatted
    case array([JSONValue])
    case object([String: JSONValue])

    static func int<T: BinaryInteger>(_ value: T) -> JSONValue { .integer(String(value)) }
    static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    var rendered: String {
        var out = ""
        write(to: &out, indent: 0)
        return out + "\n"
    }

    private func write(to out: inout String, indent: Int) {
        switch self {
        case .null: out += "null"
        case .string(let s): Self.writeString(s, to: &out)
        case .integer(let digits): out += digits
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                item.write(to: &out, indent: indent + 1)
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            let keys = members.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            out += "{\n"
            for (i, key) in keys.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                Self.writeString(key, to: &out)
                out += ": "
                members[key]?.write(to: &out, indent: indent + 1)
                out += i == keys.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }

    private static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where RecordedEscapes.inSummaryJSON(scalar):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

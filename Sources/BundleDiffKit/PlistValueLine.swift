import PropertyLists
import TextSafety

/// A property-list value on one line for history tables: a top-level string as it is
/// (renderers make control characters visible where needed), other scalars as
/// `show --key` prints them, containers compact and complete (`[1, 2]`,
/// `{key: "value"}`), so any change inside a container shows.
enum PlistValueLine {
    static func render(_ value: PlistValue) -> String {
        if case .string(let s) = value { return s }
        return nested(value)
    }

    private static func nested(_ value: PlistValue) -> String {
        switch value {
        case .string(let s): return quoted(s)
        case .array(let items): return "[" + items.map(nested).joined(separator: ", ") + "]"
        case .dictionary(let d):
            return "{" + d.entries.map { "\(quoted($0.key)): \(nested($0.value))" }.joined(separator: ", ") + "}"
        default:
            var text = PlistValueText.render(value)
            if text.hasSuffix("\n") { text.removeLast() }
            return text
        }
    }

    private static func quoted(_ s: String) -> String {
        "\"" + TextReplacement.replacing("\"", with: "\\\"", in: TextReplacement.replacing("\\", with: "\\\\", in: s)) + "\""
    }
}

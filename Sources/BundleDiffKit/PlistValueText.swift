import FoundationEssentials
import PropertyLists
import TextSafety

/// How `show --key` prints a value: a scalar bare (a string as is, an integer as digits, a
/// date as ISO-8601 UTC, data as base64) so scripts can use it; a container as canonical
/// lines relative to the key. `render` is the raw form (`show --key --raw`); `visible`,
/// the default, shows hidden characters as escapes.
public enum PlistValueText {
    /// The value with hidden characters escaped: a string on one line, every line of a
    /// container escaped on its own.
    public static func visible(_ value: PlistValue) -> String {
        if case .string(let s) = value { return VisibleText.escape(s) + "\n" }
        var lines = render(value).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return VisibleText.escapeLines(lines).map { $0 + "\n" }.joined()
    }

    public static func render(_ value: PlistValue) -> String {
        switch value {
        case .string(let s): return s + "\n"
        case .integer(let i): return i.description + "\n"
        case .real(let r): return "\(r)\n"
        case .boolean(let b): return (b ? "true" : "false") + "\n"
        case .uid(let u): return "\(u)\n"
        case .data(let bytes): return Data(bytes).base64EncodedString() + "\n"
        case .date(let seconds):
            // Seconds since 2001-01-01; NaN and dates outside 0001…9999 print as the raw number.
            return (PlistDate.iso8601(seconds) ?? "\(seconds)") + "\n"
        case .array, .dictionary:
            let text = CanonicalText.render(.decoded(PlistDocument(format: .xml, root: value)))
            guard let body = text.utf8.firstRange(of: "\n\n".utf8) else { return text }
            return String(text[body.upperBound...])
        }
    }
}

import FoundationEssentials
import TextSafety

/// Stable JSON for command output: sorted keys, two-space indentation, trailing newline;
/// hidden characters in strings (bidi controls, DEL, C1…) written as `\uXXXX` escapes.
public enum JSONOutput {
    public static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        return VisibleText.escapeJSON(String(decoding: data, as: UTF8.self)) + "\n"
    }
}

import PropertyLists

/// How `show --key` prints a value: a string as is (so scripts can use it), other
/// scalars in canonical form, containers as canonical lines relative to the key.
public enum PlistValueText {
    public static func render(_ value: PlistValue) -> String {
        if case .string(let s) = value { return s + "\n" }
        let text = CanonicalText.render(.decoded(PlistDocument(format: .xml, root: value)))
        guard let body = text.range(of: "\n\n") else { return text }
        return String(text[body.upperBound...])
    }
}

import PropertyLists

/// A deterministic one-line rendering of a plist value (file order kept), for examples,
/// fingerprints and messages.
enum PlistText {
    static func render(_ value: PlistValue) -> String {
        switch value {
        case .string(let s): "\"\(s)\""
        case .integer(let i): i.description
        case .real(let d): "\(d)"
        case .boolean(let b): b ? "true" : "false"
        case .date(let d): "date(\(d))"
        case .data(let bytes): "<\(bytes.count) bytes>"
        case .uid(let u): "uid(\(u))"
        case .array(let a): "(" + a.map(render).joined(separator: ", ") + ")"
        case .dictionary(let d): "{" + d.entries.map { "\($0.key) = \(render($0.value))" }.joined(separator: "; ") + "}"
        }
    }
}

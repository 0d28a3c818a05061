import PropertyLists

/// Key-level differences between two property-list values.
enum PlistDiffer {
    /// At most this many changes are listed per file; a root-level change stands for the rest.
    static let limit = 2_000

    static func diff(_ old: PlistValue, _ new: PlistValue) -> [PlistKeyChange] {
        var out: [PlistKeyChange] = []
        walk(old, new, path: [], into: &out)
        if out.count > limit { return [PlistKeyChange(keyPath: [], kind: .changed, oldValue: old, newValue: new)] }
        return out
    }

    private static func walk(_ old: PlistValue, _ new: PlistValue, path: [String], into out: inout [PlistKeyChange]) {
        guard old != new, out.count <= limit else { return }
        switch (old, new) {
        case (.dictionary(let a), .dictionary(let b)):
            for key in a.keys {
                guard let av = a[key] else { continue }
                if let bv = b[key] {
                    walk(av, bv, path: path + [key], into: &out)
                } else {
                    out.append(PlistKeyChange(keyPath: path + [key], kind: .removed, oldValue: av, newValue: nil))
                }
            }
            for key in b.keys where a[key] == nil {
                out.append(PlistKeyChange(keyPath: path + [key], kind: .added, oldValue: nil, newValue: b[key]))
            }
        case (.array(let a), .array(let b)) where a.count == b.count:
            for (i, pair) in zip(a, b).enumerated() { walk(pair.0, pair.1, path: path + ["[\(i)]"], into: &out) }
        default:
            let kind: PlistKeyChange.Kind = old.typeName == new.typeName ? .changed : .typeChanged
            out.append(PlistKeyChange(keyPath: path, kind: kind, oldValue: old, newValue: new))
        }
    }

    /// The change record for one file, nil when nothing value-level or format-level differs.
    static func fileChange(old: DecodedPlist, new: DecodedPlist) -> (format: PlistFileChange.FormatChange?, problem: String?, keys: [PlistKeyChange])? {
        switch (old, new) {
        case (.decoded(let a), .decoded(let b)):
            let format = a.format != b.format || a.encoding != b.encoding
                ? PlistFileChange.FormatChange(oldFormat: a.format, newFormat: b.format, oldEncoding: a.encoding, newEncoding: b.encoding)
                : nil
            let keys = diff(a.root, b.root)
            return format == nil && keys.isEmpty ? nil : (format, nil, keys)
        case (.undecodable(let r), .decoded):
            return (nil, "was undecodable (\(r)), now decodes", [])
        case (.decoded, .undecodable(let r)):
            return (nil, "no longer decodes: \(r)", [])
        case (.undecodable(let a), .undecodable(let b)):
            return a == b ? nil : (nil, "undecodable: \(b)", [])
        }
    }
}

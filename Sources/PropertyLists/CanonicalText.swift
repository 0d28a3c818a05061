import TextSafety

/// The line-oriented text stored in git for every decoded property list.
///
/// ```
/// bundlediff-plist 1
/// format: xml
/// encoding: utf-8
/// duplicate-key: CFBundleIcons.greeting lines 3,9
///
/// CFBundleIdentifier = "com.example.app"
/// UIDeviceFamily = array
/// UIDeviceFamily[0] = integer 1
/// "Odd key.with dots" = real 1.5
/// Built = date 2024-01-01T00:00:00Z 725846400.0
/// ```
/// One value per line, so `git diff` shows one changed value per line. A header, a blank
/// line, then the body: every value as `path = value`, containers first (so empty ones
/// survive) and then their children in order. Keys matching `[A-Za-z0-9_-]+` are bare,
/// others are quoted; array elements are `[n]`; a root that is not a dictionary is `$`.
/// Strings are quoted with escapes for `"`, `\`, control characters and invisible or
/// bidirectional marks (`\u{202E}`), so no value can forge a line. Reals use Swift's
/// shortest round-trip form (`nan`, `inf`, `-inf` allowed; NaN payloads are not kept).
/// Dates show ISO-8601 UTC (or `-` outside years 1…9999) and then the exact seconds since
/// 2001-01-01. A duplicate key is listed with the path of its dictionary (array indices
/// as decimal components) and its 1-based lines. An undecodable plist is the header
/// `format: undecodable` plus `error: "<reason>"` and nothing else.
///
/// `parse(render(x))` gives back `x`; `parse` accepts only text that `render` produces.
public enum CanonicalText {
    /// The first line of every canonical text.
    public static let magic = "bundlediff-plist 1"

    /// Renders a decoded (or undecodable) plist as canonical text, ending in a newline.
    public static func render(_ plist: DecodedPlist) -> String {
        var out = magic + "\n"
        switch plist {
        case .undecodable(let reason):
            out += "format: undecodable\n"
            out += "error: " + quote(reason) + "\n"
        case .decoded(let document):
            out += "format: " + document.format.rawValue + "\n"
            if let encoding = document.encoding { out += "encoding: " + encoding.rawValue + "\n" }
            for duplicate in document.duplicateKeys {
                out += "duplicate-key: "
                out += (duplicate.dictionaryPath + [duplicate.key]).map(keySegment).joined(separator: ".")
                if !duplicate.lines.isEmpty {
                    out += " lines " + duplicate.lines.map(String.init).joined(separator: ",")
                }
                out += "\n"
            }
            out += "\n"
            if case .dictionary(let dictionary) = document.root {
                renderChildren(of: dictionary, prefix: "", into: &out)
            } else {
                renderValue(document.root, path: "$", into: &out)
            }
        }
        return out
    }

    private static func renderValue(_ value: PlistValue, path: String, into out: inout String) {
        out += path
        out += " = "
        out += scalarText(value)
        out += "\n"
        switch value {
        case .array(let items):
            for (index, item) in items.enumerated() {
                renderValue(item, path: path + "[" + String(index) + "]", into: &out)
            }
        case .dictionary(let dictionary):
            renderChildren(of: dictionary, prefix: path, into: &out)
        default:
            break
        }
    }

    private static func renderChildren(of dictionary: PlistDictionary, prefix: String, into out: inout String) {
        for (key, value) in dictionary.entries {
            let segment = keySegment(key)
            renderValue(value, path: prefix.isEmpty ? segment : prefix + "." + segment, into: &out)
        }
    }

    /// The right-hand side of a body line (containers render just their type).
    static func scalarText(_ value: PlistValue) -> String {
        switch value {
        case .string(let s): quote(s)
        case .integer(let i): "integer " + i.description
        case .real(let r): "real " + realText(r)
        case .boolean(let b): b ? "true" : "false"
        case .date(let d): "date " + (PlistDate.iso8601(d) ?? "-") + " " + realText(d)
        case .data(let bytes): "data <" + Hex.encode(bytes) + ">"
        case .uid(let u): "uid " + String(u)
        case .array: "array"
        case .dictionary: "dictionary"
        }
    }

    static func realText(_ value: Double) -> String {
        value.isNaN ? "nan" : value.description
    }

    /// Whether parsing `plist`'s canonical text gives back exactly `plist`, bit for bit:
    /// true but for a NaN real other than the one `nan` reads as (its sign and payload are
    /// not spelt; dates are never NaN). A value kept without that round trip (the derived
    /// cache, written as a build is recorded) must be such a one, or a later read would see
    /// another value than what the history holds.
    public static func readsBackExactly(_ plist: DecodedPlist) -> Bool {
        guard case .decoded(let document) = plist else { return true }
        return readsBackExactly(document.root)
    }

    /// Nesting is bounded by the readers' limits (`PlistLimits.maxDepth`).
    private static func readsBackExactly(_ value: PlistValue) -> Bool {
        switch value {
        case .real(let r): !r.isNaN || r.bitPattern == Self.nan.bitPattern
        case .array(let items): items.allSatisfy(readsBackExactly)
        case .dictionary(let dictionary): dictionary.orderedValues.allSatisfy(readsBackExactly)
        default: true
        }
    }

    /// The real `nan` reads as.
    private static let nan = Double("nan") ?? .nan
}

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
        String(decoding: renderedBytes(plist), as: UTF8.self)
    }

    /// `render(_:)`'s UTF-8 bytes, made as bytes: each body line's path is one buffer
    /// grown and cut back as the walk goes down and up (a string made for every line's path
    /// and value was most of rendering, and of checking, an app's seal).
    public static func renderedBytes(_ plist: DecodedPlist) -> [UInt8] {
        var out: [UInt8] = []
        out.append(contentsOf: magic.utf8)
        out.append(newline)
        switch plist {
        case .undecodable(let reason):
            out.append(contentsOf: "format: undecodable\nerror: ".utf8)
            appendQuoted(reason, to: &out)
            out.append(newline)
        case .decoded(let document):
            out.append(contentsOf: "format: ".utf8)
            out.append(contentsOf: document.format.rawValue.utf8)
            out.append(newline)
            if let encoding = document.encoding {
                out.append(contentsOf: "encoding: ".utf8)
                out.append(contentsOf: encoding.rawValue.utf8)
                out.append(newline)
            }
            for duplicate in document.duplicateKeys {
                out.append(contentsOf: "duplicate-key: ".utf8)
                for (n, key) in (duplicate.dictionaryPath + [duplicate.key]).enumerated() {
                    if n > 0 { out.append(UInt8(ascii: ".")) }
                    appendKeySegment(key, to: &out)
                }
                if !duplicate.lines.isEmpty {
                    out.append(contentsOf: " lines ".utf8)
                    out.append(contentsOf: duplicate.lines.map(String.init).joined(separator: ",").utf8)
                }
                out.append(newline)
            }
            out.append(newline)
            var path: [UInt8] = []
            if case .dictionary(let dictionary) = document.root {
                renderChildren(of: dictionary, path: &path, into: &out)
            } else {
                path.append(UInt8(ascii: "$"))
                renderValue(document.root, path: &path, into: &out)
            }
        }
        return out
    }

    private static let newline = UInt8(ascii: "\n")

    /// The line of `value` at `path`, then those of what it holds (`path` is left as it was).
    private static func renderValue(_ value: PlistValue, path: inout [UInt8], into out: inout [UInt8]) {
        out.append(contentsOf: path)
        out.append(contentsOf: " = ".utf8)
        appendScalarText(value, to: &out)
        out.append(newline)
        switch value {
        case .array(let items):
            let end = path.count
            for (index, item) in items.enumerated() {
                path.append(UInt8(ascii: "["))
                path.append(contentsOf: String(index).utf8)
                path.append(UInt8(ascii: "]"))
                renderValue(item, path: &path, into: &out)
                path.removeSubrange(end...)
            }
        case .dictionary(let dictionary):
            renderChildren(of: dictionary, path: &path, into: &out)
        default:
            break
        }
    }

    private static func renderChildren(of dictionary: PlistDictionary, path: inout [UInt8], into out: inout [UInt8]) {
        let end = path.count
        for (key, value) in zip(dictionary.keys, dictionary.orderedValues) {
            if end > 0 { path.append(UInt8(ascii: ".")) }
            appendKeySegment(key, to: &path)
            renderValue(value, path: &path, into: &out)
            path.removeSubrange(end...)
        }
    }

    /// `scalarText(value)`'s bytes.
    private static func appendScalarText(_ value: PlistValue, to out: inout [UInt8]) {
        switch value {
        case .string(let s): appendQuoted(s, to: &out)
        case .data(let bytes):
            out.append(contentsOf: "data <".utf8)
            Hex.append(bytes, to: &out)
            out.append(UInt8(ascii: ">"))
        case .array: out.append(contentsOf: "array".utf8)
        case .dictionary: out.append(contentsOf: "dictionary".utf8)
        default: out.append(contentsOf: scalarText(value).utf8)
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

/// The on-disk syntax a property list was written in.
public enum PlistFormat: String, Sendable, Hashable, CaseIterable {
    /// `<?xml … <plist>` documents.
    case xml
    /// `bplist00` binary property lists.
    case binary
    /// Old-style (OpenStep/NeXT) text: `{ key = value; }`, `( a, b )`, `<0a0b>`.
    case openStep = "openstep"
    /// A `.strings` file: old-style `"key" = "value";` pairs without enclosing braces.
    case strings
}

/// The text encoding of a text-format plist or `.strings` file.
public enum TextEncoding: String, Sendable, Hashable {
    case utf8 = "utf-8"
    case utf8BOM = "utf-8-bom"
    case utf16LE = "utf-16le"
    case utf16LEBOM = "utf-16le-bom"
    case utf16BE = "utf-16be"
    case utf16BEBOM = "utf-16be-bom"
}

/// A key that occurred more than once in one dictionary (a fact rules report).
public struct DuplicateKey: Hashable, Sendable {
    /// The key path of the dictionary that holds the key (empty for the top level).
    public var dictionaryPath: [String]
    public var key: String
    /// 1-based line numbers of every occurrence, where the format has lines.
    public var lines: [Int]

    public init(dictionaryPath: [String], key: String, lines: [Int]) {
        self.dictionaryPath = dictionaryPath
        self.key = key
        self.lines = lines
    }
}

/// A decoded property list: its value plus the facts about how it was written.
public struct PlistDocument: Hashable, Sendable {
    public var format: PlistFormat
    /// For text formats; nil for binary.
    public var encoding: TextEncoding?
    public var root: PlistValue
    public var duplicateKeys: [DuplicateKey]

    public init(format: PlistFormat, encoding: TextEncoding? = nil, root: PlistValue,
                duplicateKeys: [DuplicateKey] = []) {
        self.format = format
        self.encoding = encoding
        self.root = root
        self.duplicateKeys = duplicateKeys
    }
}

/// What a snapshot keeps of one property-list file: its decoded value, or why it could
/// not be decoded (the build still records; reports show the reason).
public enum DecodedPlist: Hashable, Sendable {
    case decoded(PlistDocument)
    case undecodable(reason: String)

    public var document: PlistDocument? {
        if case .decoded(let d) = self { return d }
        return nil
    }
}

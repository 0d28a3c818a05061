import Platform

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
///
/// The root of one read back from the derived cache may be kept as its encoding
/// (`PlistEncoding`) until it is first read: an app's seal lists every file of the app, and a
/// comparison reads the seals of the bundles that changed only.
public struct PlistDocument: Hashable, Sendable {
    public var format: PlistFormat
    /// For text formats; nil for binary.
    public var encoding: TextEncoding?
    public var duplicateKeys: [DuplicateKey]
    private var storage: Storage

    private enum Storage: Sendable {
        case value(PlistValue)
        case later(EncodedRoot)
    }

    public var root: PlistValue {
        get {
            switch storage {
            case .value(let value): value
            case .later(let encoded): encoded.value
            }
        }
        set { storage = .value(newValue) }
    }

    public init(format: PlistFormat, encoding: TextEncoding? = nil, root: PlistValue,
                duplicateKeys: [DuplicateKey] = []) {
        self.format = format
        self.encoding = encoding
        self.storage = .value(root)
        self.duplicateKeys = duplicateKeys
    }

    /// A document whose root is `encodedRoot` (`PlistEncoding`), decoded when it is first
    /// read; nil when those bytes are not well formed. (A key twice in one dictionary, which
    /// the encoder never writes, keeps its first entry.)
    public init?(format: PlistFormat, encoding: TextEncoding?, duplicateKeys: [DuplicateKey], encodedRoot: [UInt8]) {
        guard encodedRoot.withUnsafeBytes(PlistEncoding.isWellFormed) else { return nil }
        self.format = format
        self.encoding = encoding
        self.duplicateKeys = duplicateKeys
        self.storage = .later(EncodedRoot(encodedRoot))
    }

    /// The root's encoding while it has not been decoded (for readers that need a few of
    /// its entries: `PlistEncoding.differingKeys`); nil once it has, or when the document
    /// was made from a value.
    public var undecodedRoot: [UInt8]? {
        guard case .later(let encoded) = storage else { return nil }
        return encoded.undecoded
    }

    public static func == (a: PlistDocument, b: PlistDocument) -> Bool {
        guard a.format == b.format, a.encoding == b.encoding, a.duplicateKeys == b.duplicateKeys else { return false }
        if case .later(let x) = a.storage, case .later(let y) = b.storage, x === y { return true }
        return a.root == b.root
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(format)
        hasher.combine(encoding)
        hasher.combine(duplicateKeys)
        hasher.combine(root)
    }
}

/// A root kept as its encoding, decoded once, by the first thread to read it (the others
/// wait for it); the bytes are let go then.
private final class EncodedRoot: @unchecked Sendable {
    private let lock = Lock()
    private var bytes: [UInt8]
    private var decoded: PlistValue?

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var value: PlistValue {
        lock.withLock {
            if let decoded { return decoded }
            // Checked well formed when kept: only a key twice could fail the strict read.
            let value = bytes.withUnsafeBytes { PlistEncoding.decode($0, keepingFirstKey: true) } ?? .dictionary(PlistDictionary())
            decoded = value
            bytes = []
            return value
        }
    }

    /// The bytes, when they are not decoded yet (the array is shared, not copied, and read
    /// outside the lock).
    var undecoded: [UInt8]? {
        lock.withLock { decoded == nil ? bytes : nil }
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

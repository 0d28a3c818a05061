import BundleModel
import PropertyLists

/// The value-level changes of one property list (or `.strings` table) present on both sides.
public struct PlistFileChange: Sendable, Hashable {
    /// The path in the old build and in the new build (they differ when the file moved).
    public var oldPath: BundlePath
    public var path: BundlePath
    /// Set when the on-disk format changed (`binary` → `xml`).
    public var formatChange: FormatChange?
    /// Set when only one side could be decoded, or the decode reason changed.
    public var decodeProblem: String?
    /// Key changes, sorted by key path.
    public var keyChanges: [PlistKeyChange]

    public init(oldPath: BundlePath, path: BundlePath, formatChange: FormatChange? = nil,
                decodeProblem: String? = nil, keyChanges: [PlistKeyChange] = []) {
        self.oldPath = oldPath
        self.path = path
        self.formatChange = formatChange
        self.decodeProblem = decodeProblem
        self.keyChanges = keyChanges
    }

    /// Whether the format changed and the decoded values are equal.
    public var isFormatOnly: Bool { formatChange != nil && keyChanges.isEmpty && decodeProblem == nil }

    /// A change of on-disk syntax or text encoding.
    public struct FormatChange: Sendable, Hashable {
        public var oldFormat: PlistFormat
        public var newFormat: PlistFormat
        public var oldEncoding: TextEncoding?
        public var newEncoding: TextEncoding?

        public init(oldFormat: PlistFormat, newFormat: PlistFormat,
                    oldEncoding: TextEncoding? = nil, newEncoding: TextEncoding? = nil) {
            self.oldFormat = oldFormat
            self.newFormat = newFormat
            self.oldEncoding = oldEncoding
            self.newEncoding = newEncoding
        }
    }
}

/// One key whose value was added, removed or changed.
public struct PlistKeyChange: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case added, removed, changed
        /// The value's type changed (`string` → `integer`), whatever the text.
        case typeChanged = "type-changed"
    }

    /// Dictionary keys and array indexes (`[3]`) from the root to the value.
    public var keyPath: [String]
    public var kind: Kind
    public var oldValue: PlistValue?
    public var newValue: PlistValue?

    public init(keyPath: [String], kind: Kind, oldValue: PlistValue?, newValue: PlistValue?) {
        self.keyPath = keyPath
        self.kind = kind
        self.oldValue = oldValue
        self.newValue = newValue
    }

    /// The key path as reports print it: `NSAppTransportSecurity.NSExceptionDomains[0]`.
    public var keyPathDescription: String {
        var out = ""
        for part in keyPath {
            if part.hasPrefix("["), !out.isEmpty { out += part } else { out += out.isEmpty ? part : "." + part }
        }
        return out
    }
}

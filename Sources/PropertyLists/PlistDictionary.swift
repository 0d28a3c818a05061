/// A dictionary that keeps the key order of the file it came from.
///
/// Keys are unique: a reader that meets a duplicate key keeps the last value (as Apple's
/// readers do) and reports the duplicate in `PlistDocument.duplicateKeys`.
public struct PlistDictionary: Hashable, Sendable {
    public private(set) var keys: [String] = []
    private var values: [String: PlistValue] = [:]

    public init() {}

    public init(_ pairs: [(String, PlistValue)]) {
        for (k, v) in pairs { self[k] = v }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// Entries in file order.
    public var entries: [(key: String, value: PlistValue)] {
        keys.compactMap { key in values[key].map { (key, $0) } }
    }

    public subscript(key: String) -> PlistValue? {
        get { values[key] }
        set {
            if let newValue {
                if values.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if values.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    public static func == (a: PlistDictionary, b: PlistDictionary) -> Bool {
        a.keys == b.keys && a.values == b.values
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(keys)
        for k in keys { hasher.combine(values[k]) }
    }
}

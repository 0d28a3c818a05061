/// A dictionary that keeps the key order of the file it came from.
///
/// Keys are unique: a reader that meets a duplicate key keeps the last value (as Apple's
/// readers do) and reports the duplicate in `PlistDocument.duplicateKeys`.
public struct PlistDictionary: Hashable, Sendable {
    public private(set) var keys: [String] = []
    /// The values in the order of `keys`, and where each key is: reading the entries in
    /// order takes no lookup (string tables of thousands of keys are read that way).
    private var values: [PlistValue] = []
    /// Where each key is, for a dictionary of more than `listedCount` keys; empty for a
    /// smaller one, whose keys are compared in turn. Most dictionaries of a build are small
    /// (each entry of a seal's `files2`, twenty thousand in an app's): one table each was most
    /// of the cost of decoding them.
    private var slots: [String: Int] = [:]
    /// The most keys a dictionary finds by comparing them in turn.
    private static let listedCount = 8

    public init() {}

    public init(_ pairs: [(String, PlistValue)]) {
        for (k, v) in pairs { self[k] = v }
    }

    /// An empty dictionary with room for `count` entries (a decoder that knows the count).
    public init(minimumCapacity count: Int) {
        keys.reserveCapacity(count)
        values.reserveCapacity(count)
        if count > Self.listedCount { slots.reserveCapacity(count) }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// Entries in file order.
    public var entries: [(key: String, value: PlistValue)] {
        zip(keys, values).map { ($0, $1) }
    }

    /// The values in file order (the order of `keys`), without pairing them with their keys.
    public var orderedValues: [PlistValue] { values }

    /// Sets the value of the entry at `index` of `keys` (a reader filling in a container it
    /// listed first).
    mutating func replaceValue(at index: Int, with value: PlistValue) {
        values[index] = value
    }

    /// Where `key` is in `keys`.
    private func slot(of key: String) -> Int? {
        keys.count > Self.listedCount ? slots[key] : keys.firstIndex(of: key)
    }

    public subscript(key: String) -> PlistValue? {
        get { slot(of: key).map { values[$0] } }
        set {
            if let newValue {
                if !appendNew(key, newValue), let slot = slot(of: key) { values[slot] = newValue }
            } else if let slot = slot(of: key) {
                keys.remove(at: slot)
                values.remove(at: slot)
                if keys.count > Self.listedCount {
                    slots.removeValue(forKey: key)
                    for (k, i) in slots where i > slot { slots[k] = i - 1 }
                } else {
                    slots = [:]
                }
            }
        }
    }

    /// Adds `key` with `value` at the end, or returns false and changes nothing when the
    /// key is there already: one lookup (decoders add keys one by one).
    public mutating func appendNew(_ key: String, _ value: PlistValue) -> Bool {
        if keys.count < Self.listedCount {
            guard !keys.contains(key) else { return false }
        } else if keys.count == Self.listedCount {
            guard !keys.contains(key) else { return false }
            // One key more than a list holds: from now on, a table.
            slots.reserveCapacity(Swift.max(keys.capacity, Self.listedCount + 1))
            for (i, k) in keys.enumerated() { slots[k] = i }
            slots[key] = keys.count
        } else if let slot = slots.updateValue(keys.count, forKey: key) {
            slots[key] = slot
            return false
        }
        keys.append(key)
        values.append(value)
        return true
    }

    public static func == (a: PlistDictionary, b: PlistDictionary) -> Bool {
        a.keys == b.keys && a.values == b.values
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(keys)
        for value in values { hasher.combine(value) }
    }
}

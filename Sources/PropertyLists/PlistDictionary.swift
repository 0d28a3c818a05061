import Platform

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
    /// For a larger dictionary read back from bundlediff's own cache (`init(ownKeys:values:)`),
    /// `slots` made by its first look-up instead: a diff reads most of a build's string
    /// tables in order only, and hashing every key of every table as it was decoded held
    /// up the comparison.
    private var laterSlots: LaterSlots?
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

    /// `keys` and their `values`, in order, from bundlediff's own cache: the keys are unique
    /// (written from a dictionary, the file checked by its sum), so none is looked for as it
    /// is added, and a larger dictionary's table is made by its first look-up.
    init(ownKeys keys: [String], values: [PlistValue]) {
        self.keys = keys
        self.values = values
        if keys.count > Self.listedCount { laterSlots = LaterSlots() }
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
        guard keys.count > Self.listedCount else { return keys.firstIndex(of: key) }
        if let laterSlots { return laterSlots.slot(of: key, in: keys) }
        return slots[key]
    }

    /// Before a change: `slots` made and owned here, when they were to be made later.
    private mutating func ownSlots() {
        guard let later = laterSlots else { return }
        slots = later.table(of: keys)
        laterSlots = nil
    }

    public subscript(key: String) -> PlistValue? {
        get { slot(of: key).map { values[$0] } }
        set {
            ownSlots()
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
        ownSlots()
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

/// A larger dictionary's key table, made by its first look-up (under a lock: the rules
/// read one build's dictionaries from both cores) and kept; the dictionary's copies share it,
/// and one that changes makes its own first (`ownSlots`).
private final class LaterSlots: @unchecked Sendable {
    private let lock = Lock()
    /// Guarded by `lock`.
    private var made: [String: Int]?

    func slot(of key: String, in keys: [String]) -> Int? {
        lock.withLock { table(keys)[key] }
    }

    func table(of keys: [String]) -> [String: Int] {
        lock.withLock { table(keys) }
    }

    /// With `lock` held. A key listed twice (which bundlediff never writes) is found first.
    private func table(_ keys: [String]) -> [String: Int] {
        if let made { return made }
        var table: [String: Int] = [:]
        table.reserveCapacity(keys.count)
        for (index, key) in keys.enumerated() where table[key] == nil { table[key] = index }
        made = table
        return table
    }
}

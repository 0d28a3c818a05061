import PropertyLists

/// A `.strings` or `.stringsdict` table flattened to comparable keys and string values.
/// In a `.stringsdict`, each entry contributes its key, each format variable
/// (`key/variable`) and the required `other` plural (`key/variable/other`); every plural
/// variant's text is a value (`key/variable/one`, …).
struct StringTable {
    /// Every key, sorted, each once: the parity rules and the matrix compare every
    /// translation's keys with the reference's, and most tables have exactly its keys.
    private(set) var sortedKeys: [String] = []
    /// Whether every key is plain (`isPlain(_:)`), as most tables' keys are: their sorted
    /// lists are then searched and merged, where hashing each key twice was most of the
    /// cost of flattening a build's tables. Other tables keep a set and a dictionary.
    private(set) var isPlain = true
    /// The keys, and each value's place in `sortedValueKeys`: for a table that is not plain.
    private var keySet: Set<String>?
    private var valueSlots: [String: Int]?
    /// The keys of the values in order; nil when they are `sortedKeys` (a `.strings` table
    /// whose every value is a string, as most are).
    private var valueKeysIfOther: [String]?
    /// The keys of the values, in order.
    var sortedValueKeys: [String] { valueKeysIfOther ?? sortedKeys }
    /// The values in the order of `sortedValueKeys`.
    private(set) var valuesInKeyOrder: [String] = []
    /// The keys of the values that are `.stringsdict` plural texts (`key/variable/one`).
    private(set) var pluralVariants: Set<String> = []
    /// `.stringsdict` variables' `NSStringFormatValueTypeKey` (`d`, `ld`, `@`) by `key/variable`.
    private(set) var valueTypes: [String: String] = [:]
    /// A `.stringsdict`'s entries (its top-level keys), sorted; empty for a `.strings` table,
    /// whose entries are its keys.
    private(set) var stringsdictEntries: [String] = []
    /// The table's entries: the keys of a `.strings` table, the top-level keys of a
    /// `.stringsdict` (CFBundle reads `T.strings` and `T.stringsdict` as one table `T`).
    var entries: [String] { isStringsdict ? stringsdictEntries : sortedKeys }
    private(set) var isStringsdict = false
    /// The keys of the values whose text holds a `%`, sorted: the only ones, with the
    /// plural variants, that can read an argument (`FormatKeyProblems`).
    private(set) var percentKeys: [String] = []

    init(_ root: PlistValue, isStringsdict: Bool) {
        let dict = root.dictionaryValue ?? PlistDictionary()
        if isStringsdict {
            self.init(stringsdict: dict)
        } else {
            self.init(strings: dict)
        }
        percentKeys = zip(sortedValueKeys, valuesInKeyOrder).compactMap { key, text in
            Self.anyByte(of: text, where: { $0 == UInt8(ascii: "%") }) ? key : nil
        }
        isPlain = sortedKeys.allSatisfy(Self.isPlain) && (valueKeysIfOther?.allSatisfy(Self.isPlain) ?? true)
        if !isPlain {
            keySet = Set(sortedKeys)
            valueSlots = Dictionary(sortedValueKeys.enumerated().map { ($1, $0) }) { first, _ in first }
        }
    }

    /// Whether `key` is made of scalars below U+0300 only (no UTF-8 byte from 0xCC up).
    /// Such a text is in normal form C, and no other such text is canonically equal to it,
    /// so `String`'s equality is byte equality and its order is a true order: a sorted
    /// list of them can be searched. Combining marks and the symbols canonically equal to
    /// another are all above: with them, `String`'s `<` can find two unequal keys neither
    /// before the other (`A` + U+030A against `Åz`).
    static func isPlain(_ key: String) -> Bool {
        !anyByte(of: key, where: { $0 >= 0xCC })
    }

    /// Whether a byte of `text`'s UTF-8 passes `test`, read in place: a comparison flattens
    /// every table of both builds, and the scans of each text through `String.UTF8View`'s
    /// iterator held it up while the comparison waited (`Benchmarks/README.md`, stop 45).
    private static func anyByte(of text: String, where test: (UInt8) -> Bool) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.contains(where: test) } ?? text.utf8.contains(where: test)
    }

    /// A `.strings` table: its keys are unique already (`PlistDictionary`), and each value
    /// that is a string is that key's text.
    private init(strings dict: PlistDictionary) {
        // The places of the keys whose value is a text, sorted by key, read from the
        // dictionary's own arrays (its pairs, copied out, cost a retain of each key and value).
        let keys = dict.keys, values = dict.orderedValues
        var texts: [Int] = []
        texts.reserveCapacity(keys.count)
        for k in values.indices where values[k].stringValue != nil { texts.append(k) }
        texts.sort { keys[$0] < keys[$1] }
        // Most tables have a text for every key: then one sort gives both lists.
        if texts.count == keys.count {
            sortedKeys = texts.map { keys[$0] }
        } else {
            sortedKeys = keys.sorted()
            valueKeysIfOther = texts.map { keys[$0] }
        }
        valuesInKeyOrder = texts.map { values[$0].stringValue ?? "" }
    }

    /// A `.stringsdict` table: each entry contributes its key, each format variable
    /// (`key/variable`) and the required `other` plural (`key/variable/other`); the format
    /// and every plural variant's text are values. Two spellings may name one key (a
    /// top-level `a/b` and the variable `b` of `a`): the last text written wins.
    private init(stringsdict dict: PlistDictionary) {
        var keys: Set<String> = [], values: [String: String] = [:]
        isStringsdict = true
        stringsdictEntries = dict.keys.sorted()
        for (key, value) in dict.entries {
            keys.insert(key)
            guard let entry = value.dictionaryValue else { continue }
            if let format = entry["NSStringLocalizedFormatKey"]?.stringValue { values[key] = format }
            for (variable, spec) in entry.entries {
                guard let rules = spec.dictionaryValue, rules["NSStringFormatSpecTypeKey"] != nil else { continue }
                keys.insert(key + "/" + variable)
                if let type = rules["NSStringFormatValueTypeKey"]?.stringValue { valueTypes[key + "/" + variable] = type }
                for (category, text) in rules.entries where !category.hasPrefix("NSStringFormat") {
                    if category == "other" { keys.insert(key + "/" + variable + "/other") }
                    guard let s = text.stringValue else { continue }
                    values[key + "/" + variable + "/" + category] = s
                    pluralVariants.insert(key + "/" + variable + "/" + category)
                }
            }
        }
        sortedKeys = keys.sorted()
        let valueKeys = values.keys.sorted()
        valueKeysIfOther = valueKeys
        valuesInKeyOrder = valueKeys.map { values[$0] ?? "" }
    }

    /// How many keys the table has.
    var keyCount: Int { sortedKeys.count }

    /// Whether the table has `key`.
    func contains(key: String) -> Bool {
        if let keySet { return keySet.contains(key) }
        // A key that is not plain may still equal a plain one (`A` + U+0300 is `À`).
        guard Self.isPlain(key) else { return sortedKeys.contains(key) }
        let at = Self.lowerBound(key, in: sortedKeys)
        return at < sortedKeys.count && sortedKeys[at] == key
    }

    /// The text of `key`, if it has one.
    func value(forKey key: String) -> String? {
        if let valueSlots { return valueSlots[key].map { valuesInKeyOrder[$0] } }
        let keys = sortedValueKeys
        guard Self.isPlain(key) else { return keys.firstIndex(of: key).map { valuesInKeyOrder[$0] } }
        let at = Self.lowerBound(key, in: keys)
        return at < keys.count && keys[at] == key ? valuesInKeyOrder[at] : nil
    }

    private static func lowerBound(_ key: String, in sorted: [String]) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let mid = low + (high - low) / 2
            if sorted[mid] < key { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The keys, sorted, whose value here equals `other`'s value and passes `test`: side
    /// by side when the two have the same keys, as most translations do, else key by key.
    func keys(withValueEqualTo other: StringTable, where test: (String) -> Bool) -> [String] {
        let mine = sortedValueKeys
        if mine == other.sortedValueKeys {
            return zip(mine, zip(valuesInKeyOrder, other.valuesInKeyOrder)).compactMap { key, texts in
                texts.0 == texts.1 && test(texts.0) ? key : nil
            }
        }
        return zip(mine, valuesInKeyOrder).compactMap { key, text in
            text == other.value(forKey: key) && test(text) ? key : nil
        }
    }

    /// The keys of this table that `other` lacks, sorted; no set is built when the two
    /// have the same keys.
    func keys(missingFrom other: StringTable) -> [String] {
        if sortedKeys == other.sortedKeys { return [] }
        guard isPlain, other.isPlain else {
            return (keySet ?? Set(sortedKeys)).subtracting(other.keySet ?? Set(other.sortedKeys)).sorted()
        }
        // Both lists are sorted in a true order: one pass over the two.
        var out: [String] = [], j = 0
        for key in sortedKeys {
            while j < other.sortedKeys.count, other.sortedKeys[j] < key { j += 1 }
            if j < other.sortedKeys.count, other.sortedKeys[j] == key { continue }
            out.append(key)
        }
        return out
    }
}

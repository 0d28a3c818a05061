import PropertyLists

/// A `.strings` or `.stringsdict` table flattened to comparable keys and string values.
/// In a `.stringsdict`, each entry contributes its key, each format variable
/// (`key/variable`) and the required `other` plural (`key/variable/other`); every plural
/// variant's text is a value (`key/variable/one`, …).
struct StringTable {
    private(set) var keys: Set<String> = []
    private(set) var values: [String: String] = [:]
    /// The keys of `values` that are `.stringsdict` plural texts (`key/variable/one`).
    private(set) var pluralVariants: Set<String> = []
    /// `.stringsdict` variables' `NSStringFormatValueTypeKey` (`d`, `ld`, `@`) by `key/variable`.
    private(set) var valueTypes: [String: String] = [:]
    /// `keys` in order, sorted once here: the parity rules and the matrix compare every
    /// translation's keys with the reference's, and most tables have exactly its keys.
    private(set) var sortedKeys: [String] = []
    /// The keys of `values` in order, for the same reason; nil when they are `sortedKeys`
    /// (a `.strings` table whose every value is a string, as most are).
    private var valueKeysIfOther: [String]?
    /// The keys of `values` in order.
    var sortedValueKeys: [String] { valueKeysIfOther ?? sortedKeys }
    /// The values in the order of `sortedValueKeys`.
    private(set) var valuesInKeyOrder: [String] = []
    /// The keys of `values` whose text holds a `%`: the only ones, with the plural variants,
    /// that can read an argument (`FormatKeyProblems`).
    private(set) var percentKeys: [String] = []

    init(_ root: PlistValue, isStringsdict: Bool) {
        guard let dict = root.dictionaryValue else { return }
        defer {
            sortedKeys = keys.sorted()
            percentKeys = values.compactMap { key, text in text.utf8.contains(UInt8(ascii: "%")) ? key : nil }
            // A `.strings` table's values are under some of its keys: all of them when the counts agree.
            if isStringsdict || values.count != keys.count { valueKeysIfOther = values.keys.sorted() }
            valuesInKeyOrder = sortedValueKeys.map { values[$0] ?? "" }
        }
        // A `.strings` table has a key and mostly a value per entry: room for them at once
        // rather than rehashing thousands of keys as the sets grow.
        keys.reserveCapacity(dict.count)
        if !isStringsdict { values.reserveCapacity(dict.count) }
        for (key, value) in dict.entries {
            keys.insert(key)
            if !isStringsdict {
                if let s = value.stringValue { values[key] = s }
                continue
            }
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
        return mine.filter { key in
            guard let text = values[key], text == other.values[key] else { return false }
            return test(text)
        }
    }

    /// The keys of this table that `other` lacks, sorted; no set is built when the two
    /// have the same keys.
    func keys(missingFrom other: StringTable) -> [String] {
        sortedKeys == other.sortedKeys ? [] : keys.subtracting(other.keys).sorted()
    }
}

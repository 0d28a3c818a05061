import PropertyLists

/// A `.strings` or `.stringsdict` table flattened to comparable keys and string values.
/// In a `.stringsdict`, each entry contributes its key, each format variable
/// (`key/variable`) and the required `other` plural (`key/variable/other`); every plural
/// variant's text is a value (`key/variable/one`, …).
struct StringTable {
    var keys: Set<String> = []
    var values: [String: String] = [:]
    /// The keys of `values` that are `.stringsdict` plural texts (`key/variable/one`).
    var pluralVariants: Set<String> = []
    /// `.stringsdict` variables' `NSStringFormatValueTypeKey` (`d`, `ld`, `@`) by `key/variable`.
    var valueTypes: [String: String] = [:]

    init(_ root: PlistValue, isStringsdict: Bool) {
        guard let dict = root.dictionaryValue else { return }
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
}

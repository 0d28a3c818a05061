/// Format problems across the two halves of a string table: CFBundle reads `T.strings` and
/// `T.stringsdict` as one table, and a String Catalog compiles a key into the `.stringsdict`
/// of the languages that vary it and into the `.strings` of the others. A key the
/// reference has in one half and a translation has only in the other is compared as whole
/// texts: a `.stringsdict` entry reads what its format reads, each variable standing for
/// its value type and its `other` text.
extension FormatKeyProblems {
    /// The problems of each entry of `reference` (one half) that `translation` (the same
    /// half, if the language has it) lacks and `sibling` (the language's other half) holds.
    /// An entry the reference also has in its other half (`referenceSibling`) is compared
    /// there, half with half.
    static func across(reference: StringTable, referenceSibling: StringTable?, translation: StringTable?,
                       sibling: StringTable) -> [FormatKeyProblems] {
        let held = Set(sibling.entries)
        let compared = Set(referenceSibling?.entries ?? [])
        var out: [FormatKeyProblems] = []
        for entry in reference.entries where held.contains(entry) && !compared.contains(entry)
            && translation?.contains(key: entry) != true {
            let a = whole(reference, entry), b = whole(sibling, entry)
            guard let a, let b, a.isFormatted || !a.placeholderSeries.isEmpty else { continue }
            let problems = a.problems(translation: b, isPluralVariant: false)
            guard !problems.isEmpty else { continue }
            out.append(FormatKeyProblems(key: entry, problems: problems, referenceSummary: a.summary(includeSpaced: false),
                                         translationSummary: b.summary(includeSpaced: !a.hasSpaced)))
        }
        return out.sorted { $0.key < $1.key }
    }

    /// What `entry` of `table` reads as a whole: a `.strings` text's conversions, or a
    /// `.stringsdict` entry's format with each variable resolved.
    static func whole(_ table: StringTable, _ entry: String) -> FormatSpecifiers? {
        guard let text = table.value(forKey: entry) else { return nil }
        let format = FormatSpecifiers(text)
        guard table.isStringsdict else { return format }
        return format.resolvingVariables { name, slot in
            var read = table.valueTypes[entry + "/" + name].map { FormatSpecifiers("%" + $0, firstArgument: slot) }
                ?? FormatSpecifiers("")
            if let other = table.value(forKey: entry + "/" + name + "/other") {
                read.absorb(FormatSpecifiers(other, firstArgument: slot))
            }
            return read
        }
    }
}

/// Format problems across the two halves of a string table: CFBundle reads `T.strings` and
/// `T.stringsdict` as one table, and a String Catalog compiles a key into the `.stringsdict`
/// of the languages that vary it and into the `.strings` of the others. A key the
/// reference has in one half and a translation has only in the other is compared as whole
/// texts: a `.stringsdict` entry reads what its format reads, each variable standing for
/// its value type and its `other` text.
extension FormatKeyProblems {
    /// The problems of each entry of `reference` (one half) that `sibling` (the language's
    /// other half) holds, where that is the language's text: a `.stringsdict` entry always,
    /// a `.strings` one where `translation` (the language's same half) lacks it.
    /// A `.strings` entry the reference also has in its `.stringsdict` (`referenceSibling`)
    /// is not the reference's text: CFBundle lays the `.stringsdict` over the `.strings`, so
    /// that entry is compared from the `.stringsdict`.
    static func across(reference: StringTable, referenceSibling: StringTable?, translation: StringTable?,
                       sibling: StringTable) -> [FormatKeyProblems] {
        let held = Set(sibling.entries)
        let overridden = reference.isStringsdict ? [] : Set(referenceSibling?.entries ?? [])
        var out: [FormatKeyProblems] = []
        // The language's text is its `.stringsdict` entry wherever it has one: against a
        // plain reference always, against a plural one where its own `.stringsdict` lacks it.
        for entry in reference.entries where held.contains(entry) && !overridden.contains(entry)
            && (!reference.isStringsdict || translation?.contains(key: entry) != true) {
            guard let a = whole(reference, entry, typeFirst: true), a.isFormatted || !a.placeholderSeries.isEmpty else { continue }
            // A plural entry reads its argument twice: by its value type (to pick the
            // category) and by its texts' specifiers (to show it); either may be wrong.
            var problems: [FormatSpecifiers.Problem] = []
            var shown: FormatSpecifiers?
            for typeFirst in sibling.isStringsdict ? [true, false] : [true] {
                guard let b = whole(sibling, entry, typeFirst: typeFirst) else { continue }
                for p in a.problems(translation: b, isPluralVariant: false) where !problems.contains(p) {
                    problems.append(p)
                    shown = shown ?? b
                }
            }
            guard let b = shown, !problems.isEmpty else { continue }
            out.append(FormatKeyProblems(key: entry, problems: problems, referenceSummary: a.summary(includeSpaced: false),
                                         translationSummary: b.summary(includeSpaced: !a.hasSpaced)))
        }
        return out.sorted { $0.key < $1.key }
    }

    /// What `entry` of `table` reads as a whole: a `.strings` text's conversions, or a
    /// `.stringsdict` entry's format with each variable resolved to its value type and its
    /// `other` text (`typeFirst`: the value type's kind where the two disagree, else the
    /// text's).
    static func whole(_ table: StringTable, _ entry: String, typeFirst: Bool) -> FormatSpecifiers? {
        guard let text = table.value(forKey: entry) else { return nil }
        let format = FormatSpecifiers(text)
        guard table.isStringsdict else { return format }
        return format.resolvingVariables { name, slot in
            let type = table.valueTypes[entry + "/" + name].map { FormatSpecifiers("%" + $0, firstArgument: slot) }
            let other = table.value(forKey: entry + "/" + name + "/other").map { FormatSpecifiers($0, firstArgument: slot) }
            var read = (typeFirst ? type : other) ?? FormatSpecifiers("")
            if let second = typeFirst ? other : type { read.absorb(second) }
            return read
        }
    }
}

/// The format problems of one key of a translated table against the reference table of
/// the same name: a pure function of the two tables, so it is worked out once per pair of
/// table contents and shared by both format rules and both builds (`StringTableCache`).
struct FormatKeyProblems {
    var key: String
    /// Every problem of the key, of either kind.
    var problems: [FormatSpecifiers.Problem]
    /// The reference's specifiers, then the translation's, as the message shows them.
    var referenceSummary: String
    var translationSummary: String

    /// The keys of `translation` with a format problem against `reference`, sorted by key.
    /// A `.stringsdict` variable's value type reads the argument too: `%` +
    /// `NSStringFormatValueTypeKey`.
    ///
    /// Only the reference's texts with a `%` and its plural variants are looked at: any
    /// other reads no argument and shows no placeholder, so a translation has no problem
    /// against it, whatever it says.
    static func of(reference: StringTable, translation: StringTable) -> [FormatKeyProblems] {
        var texts: [String: (String, Bool)] = [:]
        for key in reference.percentKeys + reference.pluralVariants {
            if let text = reference.value(forKey: key) { texts[key] = (text, false) }
        }
        for (variable, type) in reference.valueTypes { texts[variable + " NSStringFormatValueTypeKey"] = ("%" + type, true) }
        var translatedTypes: [String: String] = [:]
        for (variable, type) in translation.valueTypes { translatedTypes[variable + " NSStringFormatValueTypeKey"] = "%" + type }
        var out: [FormatKeyProblems] = []
        for (key, (a, isValueType)) in texts {
            guard let b = translatedTypes[key] ?? translation.value(forKey: key) else { continue }
            var ra = FormatSpecifiers(a)
            let rb = FormatSpecifiers(b), isVariant = isValueType || reference.pluralVariants.contains(key)
            if !isValueType, isVariant, let slash = key.lastIndex(of: "/"), let other = reference.value(forKey: key[..<slash] + "/other") {
                ra.absorb(FormatSpecifiers(other))
            }
            let problems = ra.problems(translation: rb, isPluralVariant: isVariant)
            guard !problems.isEmpty else { continue }
            out.append(FormatKeyProblems(key: key, problems: problems, referenceSummary: ra.summary(includeSpaced: false),
                                         translationSummary: rb.summary(includeSpaced: !ra.hasSpaced)))
        }
        return out.sorted { $0.key < $1.key }
    }
}

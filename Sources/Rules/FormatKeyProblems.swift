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
            let isVariant = isValueType || reference.pluralVariants.contains(key)
            // A variable's texts read from its slot in each table's own format.
            let variable = isVariant ? Self.variable(of: key, isValueType: isValueType) : nil
            let first = variable.flatMap { FormatSpecifiers(reference.value(forKey: $0.entry) ?? "").variables[$0.name] } ?? 1
            let theirs = variable.flatMap { FormatSpecifiers(translation.value(forKey: $0.entry) ?? "").variables[$0.name] } ?? first
            var ra = FormatSpecifiers(a, firstArgument: first)
            let rb = FormatSpecifiers(b, firstArgument: theirs)
            if !isValueType, isVariant, let slash = key.lastIndex(of: "/"), let other = reference.value(forKey: key[..<slash] + "/other") {
                ra.absorb(FormatSpecifiers(other, firstArgument: first))
            }
            let problems = ra.problems(translation: rb, isPluralVariant: isVariant)
            guard !problems.isEmpty else { continue }
            out.append(FormatKeyProblems(key: key, problems: problems, referenceSummary: ra.summary(includeSpaced: false),
                                         translationSummary: rb.summary(includeSpaced: !ra.hasSpaced)))
        }
        return out.sorted { $0.key < $1.key }
    }

    /// The entry and variable a plural text's key (`entry/variable/category`) or a value
    /// type's key (`entry/variable NSStringFormatValueTypeKey`) belongs to.
    static func variable(of key: String, isValueType: Bool) -> (entry: String, name: String)? {
        var path = Substring(key)
        if isValueType {
            guard let space = path.lastIndex(of: " ") else { return nil }
            path = path[..<space]
        } else {
            guard let slash = path.lastIndex(of: "/") else { return nil }
            path = path[..<slash]
        }
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return (String(path[..<slash]), String(path[path.index(after: slash)...]))
    }
}

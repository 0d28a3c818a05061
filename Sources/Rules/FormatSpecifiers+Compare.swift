extension FormatSpecifiers {
    /// What a translation does wrong at run time, by how much it matters.
    struct Problem: Equatable {
        /// `mismatch`: reads an argument the code does not pass, or one of another type:
        /// garbage or a crash (error). `missing`: an argument or app placeholder of the
        /// reference is not shown (warning).
        enum Kind { case mismatch, missing }
        var kind: Kind
        var text: String
    }

    /// The problems of `translation` against `self`, the reference text of the same key.
    /// A reference that is not formatted (no conversion without the space flag, no `%%`)
    /// is prose: only its numbered app placeholders (`%0 of %1`) are checked. In a
    /// formatted one, the reference's arguments are its plain conversions and the
    /// translation's are every conversion Foundation reads in it (a `% g` there reads an
    /// argument too). `isPluralVariant`: a `.stringsdict` plural text, where leaving the
    /// number out ("one item") is normal, so a missing argument is no problem.
    func problems(translation: FormatSpecifiers, isPluralVariant: Bool) -> [Problem] {
        guard isFormatted else {
            let lost = placeholderSeries.subtracting(translation.placeholders).sorted()
            guard !lost.isEmpty else { return [] }
            return [Problem(kind: .missing, text: "lacks the placeholder(s) " + lost.map { "%\($0)" }.joined(separator: ", ")
                + " of the reference")]
        }
        let mine = arguments(includeSpaced: false)
        let theirs = translation.arguments(includeSpaced: !hasSpaced)
        var out: [Problem] = []
        let extra = Set(theirs.keys).subtracting(mine.keys).sorted()
        if !extra.isEmpty {
            out.append(Problem(kind: .mismatch, text: "reads argument(s) \(Self.list(extra)) that the reference does not pass"))
        }
        let retyped = Set(mine.keys).intersection(theirs.keys).sorted().filter { slot in
            guard let a = mine[slot], let b = theirs[slot] else { return false }
            return a != b && a != "variable" && b != "variable"
        }
        if !retyped.isEmpty {
            let parts = retyped.map { "\($0) is \(mine[$0] ?? "?") in the reference, \(theirs[$0] ?? "?") here" }
            out.append(Problem(kind: .mismatch, text: "argument type differs: " + parts.joined(separator: ", ")))
        }
        let lost = Set(mine.keys).subtracting(theirs.keys).sorted()
        if !lost.isEmpty, !isPluralVariant {
            out.append(Problem(kind: .missing, text: "does not show argument(s) \(Self.list(lost)) of the reference"))
        }
        return out
    }

    /// How a reader sees the arguments: `1:object 2:int`, `%0 %1`, or `none`.
    func summary(includeSpaced: Bool) -> String {
        if !isFormatted, !placeholderSeries.isEmpty {
            return placeholderSeries.sorted().map { "%\($0)" }.joined(separator: " ")
        }
        let args = arguments(includeSpaced: includeSpaced)
        let parts = args.keys.sorted().map { "\($0):\(args[$0] ?? "?")" }
        return parts.isEmpty ? "none" : parts.joined(separator: " ")
    }

    private static func list(_ slots: [Int]) -> String { slots.map(String.init).joined(separator: ", ") }
}

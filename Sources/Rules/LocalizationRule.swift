import Comparison

/// A parity rule: it looks at one bundle in one build. The shared `findings(in:)` runs it
/// on the new build and on the old one, and marks each finding new or already there.
protocol LocalizationRule: Rule {
    func check(_ bundle: LocalizedBundle, context: RuleContext) -> [Finding]
}

extension LocalizationRule {
    /// Runs `check` on every bundle of the new build and marks each finding new or old.
    func localizationFindings(in context: RuleContext) -> [Finding] {
        var out: [Finding] = []
        for b in context.comparison.bundles {
            guard let n = b.new else { continue }
            let now = check(context.localizedBundle(n, named: b.name, isNew: true), context: context)
            guard !now.isEmpty else { continue }
            let before = b.old.map { check(context.localizedBundle($0, named: b.name, isNew: false), context: context) } ?? []
            let seen = Set(before.map(\.fingerprint))
            for var f in now {
                f.isNew = context.hasOldBuild ? !seen.contains(f.fingerprint) : nil
                out.append(f)
            }
        }
        return out
    }

    /// "new in this build" / "already in the old build" / "" for messages.
    static func age(_ isNew: Bool?) -> String {
        switch isNew {
        case true?: "new in this build"
        case false?: "already in the old build"
        case nil: ""
        }
    }
}

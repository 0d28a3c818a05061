import Comparison

/// A parity rule: it looks at one bundle in one build. The shared `findings(in:)` runs it
/// on the new build and on the old one, and marks each finding new or already there.
protocol LocalizationRule: Rule {
    func check(_ bundle: LocalizedBundle, context: RuleContext) -> [Finding]
}

extension LocalizationRule {
    /// Runs `check` on every bundle of the new build and marks each finding new or old: a
    /// bundle whose localizations did not change (`LocalizedBundle.judgesLike`) has the same
    /// findings in the old build, so there they are not worked out again.
    func localizationFindings(in context: RuleContext) -> [Finding] {
        var out: [Finding] = []
        for b in context.comparison.bundles {
            guard let n = b.new else { continue }
            let bundle = context.localizedBundle(n, named: b.name, isNew: true)
            let now = check(bundle, context: context)
            guard !now.isEmpty else { continue }
            let before = b.old.map { o -> [Finding] in
                let old = context.localizedBundle(o, named: b.name, isNew: false)
                return old.judgesLike(bundle) ? now : check(old, context: context)
            } ?? []
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

/// A rule that judges one build on its own (App Store preflight): `bundlediff check` runs
/// it on the build, and `diff` runs it on both sides and marks each finding of the new
/// side new or existing (`Finding.isNew`), so a pull request fails only on what it
/// introduced (`--only-new`).
///
/// To add one: a `RuleID` case (id prefixed by its family, `structure.`, `info-plist.`,
/// `seal.`, `profile.`), a type conforming to `CheckRule` with a `RuleDescription` whose
/// examples have `old: nil`, and the type in `RuleID.ruleType`. The examples run as tests
/// (`RuleExampleTests`); the registry knows it is a check rule from the conformance.
public protocol CheckRule: Rule {
    /// The findings for this one build. Severity comes from `build.severity(of:)`; the
    /// engine applies the configured ceiling, the baseline and the ordering.
    func findings(in build: CheckContext) -> [Finding]
}

extension CheckRule {
    /// In a comparison: the new side's findings, each marked new (the old side had no
    /// finding with its fingerprint) or existing; with no old build, unmarked. The old side
    /// is judged only when the new one has findings to mark.
    public func findings(in context: RuleContext) -> [Finding] {
        let new = findings(in: context.check(isNew: true))
        guard context.hasOldBuild, !new.isEmpty else { return new }
        let old = Set(findings(in: context.check(isNew: false)).map(\.fingerprint))
        return new.map { finding in
            var marked = finding
            marked.isNew = !old.contains(finding.fingerprint)
            return marked
        }
    }
}

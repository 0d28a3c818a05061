import BundleModel
import PropertyLists

/// Evaluates each bundle's code-signature seal against the files a snapshot records, the
/// way `codesign --verify` walks a bundle (Apple's `ResourceBuilder::scan` and
/// `SecStaticCode::validateResources`): every file and symlink below the bundle gets the
/// rule of its path (relative to the content folder); sealed ones are compared with their
/// `files2` entry by SHA-256 or link target; directories whose rule says `nested` and
/// whose name has a dot are nested code; `files2` entries never met are missing unless
/// optional. Facts only: which of them matter is for the rules to say.
public enum SealEvaluator {
    /// One evaluation per bundle that has `_CodeSignature/CodeResources`, outermost first.
    public static func evaluate(_ snapshot: BuildSnapshot, budget steps: Int = MatchBudget.defaultSteps) -> [SealEvaluation] {
        evaluate(snapshot, sorted: snapshot.entries.sortedByPath, budget: steps)
    }

    /// The same, with the snapshot's entries sorted by path already at hand (a comparison's
    /// index): each bundle's walk reads its own run of them.
    public static func evaluate(_ snapshot: BuildSnapshot, sorted: EntryList,
                                budget steps: Int = MatchBudget.defaultSteps) -> [SealEvaluation] {
        snapshot.bundles.compactMap { bundle in
            guard isSealed(bundle, sorted) else { return nil }
            let seal = sealPath(of: bundle)
            var walk = SealWalk(bundle: bundle, codeResources: seal, entries: sorted)
            return walk.run(snapshot.plists[seal], budget: MatchBudget(steps: steps))
        }
    }

    /// Whether `bundle` has a seal (`sealPath(of:)` is a file) among the `sorted` entries.
    private static func isSealed(_ bundle: BundleInfo, _ sorted: EntryList) -> Bool {
        let seal = sealPath(of: bundle)
        let at = sorted.lowerBound(seal)
        return at < sorted.count && sorted[at].path == seal && sorted[at].kind == .file
    }

    /// `evaluate(_:sorted:)`, read from the build's facts when an earlier command kept them
    /// (`BuildFacts`, under `SealEvaluation.factsName`), else worked out and kept there.
    /// A build without a seal has nothing to keep or read back.
    public static func evaluations(of snapshot: BuildSnapshot, sorted: EntryList) -> [SealEvaluation] {
        guard hasSeal(snapshot, sorted) else { return [] }
        if let bytes = snapshot.facts?.bytes(named: factsName), let known = SealEvaluation.decoded(bytes) { return known }
        let made = evaluate(snapshot, sorted: sorted)
        if let facts = snapshot.facts { keep(made, in: facts) }
        return made
    }

    /// What `evaluations(of:sorted:)` keeps for `snapshot`, worked out from it now, or nil
    /// for a build without a seal: a build being recorded (`RecordBuild`) has them worked
    /// out on the other core and kept (`keep(_:in:)`), so that the first command to judge
    /// it reads them.
    public static func evaluationsToKeep(_ snapshot: BuildSnapshot) -> [SealEvaluation]? {
        let sorted = snapshot.entries.sortedByPath
        return hasSeal(snapshot, sorted) ? evaluate(snapshot, sorted: sorted) : nil
    }

    /// Whether one of `snapshot`'s bundles is sealed: a build without a seal has no
    /// evaluation to keep or read back.
    private static func hasSeal(_ snapshot: BuildSnapshot, _ sorted: EntryList) -> Bool {
        snapshot.bundles.contains { isSealed($0, sorted) }
    }

    /// Keeps `evaluations` in a build's `facts`, where `evaluations(of:sorted:)` reads them.
    public static func keep(_ evaluations: [SealEvaluation], in facts: any BuildFacts) {
        facts.keep(SealEvaluation.encoded(evaluations), named: factsName)
    }

    /// The name of a build's kept evaluations: the layout's, and the budget they were made with.
    private static let factsName = SealEvaluation.factsName + "-\(MatchBudget.defaultSteps)"

    /// Where `bundle`'s seal lies: `_CodeSignature/CodeResources` in its content root.
    public static func sealPath(of bundle: BundleInfo) -> BundlePath {
        bundle.contentRoot.appending("_CodeSignature").appending("CodeResources")
    }
}

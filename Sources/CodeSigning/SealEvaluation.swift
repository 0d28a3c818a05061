import BundleModel

/// What one bundle's seal says about its files: the facts rules judge.
public struct SealEvaluation: Hashable, Sendable {
    /// Whether the seal could be evaluated.
    public enum Outcome: Hashable, Sendable {
        case evaluated
        /// `CodeResources` did not decode, or is not a dictionary.
        case unreadable(String)
        /// A version-1 seal (no `rules2`/`files2`): nothing bundlediff checks.
        case noVersion2
        /// `codesign` would refuse the seal itself (a bad pattern, a malformed entry).
        case invalid(String)
        /// Valid, but outside what bundlediff evaluates (see `SealPatternError.unsupported`).
        case unsupported(String)
        /// The rules cost more than the budget to evaluate: a hostile or broken seal.
        case tooCostly(limit: Int)
    }

    /// The bundle directory.
    public var bundlePath: BundlePath
    /// Its `_CodeSignature/CodeResources`.
    public var codeResourcesPath: BundlePath
    public var outcome: Outcome
    /// Sorted by path, then kind.
    public var discrepancies: [SealDiscrepancy]
    /// `files2` entries checked against the build.
    public var checked: Int
    /// Entries found but not checkable from recorded facts: nested code (its cdhash lives
    /// in a Mach-O signature) and files sealed only by SHA-1.
    public var unverified: Int

    public init(bundlePath: BundlePath, codeResourcesPath: BundlePath, outcome: Outcome,
                discrepancies: [SealDiscrepancy] = [], checked: Int = 0, unverified: Int = 0) {
        self.bundlePath = bundlePath
        self.codeResourcesPath = codeResourcesPath
        self.outcome = outcome
        self.discrepancies = discrepancies
        self.checked = checked
        self.unverified = unverified
    }
}

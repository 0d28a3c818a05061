import BundleModel
import CodeSigning
import Comparison
import PropertyLists

/// What a `CheckRule` sees: one build, its lookups, the settings, the report's date and the
/// names findings give its bundles (the same names `diff` gives them, so that fingerprints
/// and baselines carry over between `check` and `diff`).
public struct CheckContext: Sendable {
    public let snapshot: BuildSnapshot
    public let index: SnapshotIndex
    public let configuration: RuleConfiguration
    /// The report's date, seconds since 1970 UTC (profile expiry is judged against it).
    public let reportDate: Int64?
    private let names: [BundlePath: String]
    let seals: SealEvaluationCache

    public init(index: SnapshotIndex, configuration: RuleConfiguration, reportDate: Int64?,
                names: [BundlePath: String] = [:]) {
        self.init(index: index, configuration: configuration, reportDate: reportDate, names: names,
                  seals: SealEvaluationCache())
    }

    init(index: SnapshotIndex, configuration: RuleConfiguration, reportDate: Int64?, names: [BundlePath: String],
         seals: SealEvaluationCache) {
        snapshot = index.snapshot
        self.index = index
        self.configuration = configuration
        self.reportDate = reportDate
        self.names = names
        self.seals = seals
    }

    /// Each bundle's seal evaluated (`SealEvaluator.evaluate`), once for this build, or
    /// read from what an earlier command kept of a recorded build (`BuildFacts`).
    var sealEvaluations: [SealEvaluation] {
        seals.evaluations {
            SealEvaluator.evaluations(of: snapshot, sorted: index.sortedEntries)
        }
    }

    /// The build's bundles, outermost first (none for a build without bundles).
    public var bundles: [BundleInfo] { snapshot.bundles }

    /// The name findings give `bundle`: as in `diff`, else its identifier, else its path.
    public func name(of bundle: BundleInfo) -> String {
        names[bundle.path] ?? bundle.identifier ?? bundle.path.description
    }

    /// The configured severity of `rule`.
    public func severity(of rule: RuleID) -> Severity { configuration.severity(of: rule) }

    /// The configured severity of `rule`, lowered to `cap` (for the part of a rule's
    /// findings that breaks nothing).
    public func severity(of rule: RuleID, atMost cap: Severity) -> Severity { min(configuration.severity(of: rule), cap) }

    /// The decoded dictionary at `path`, nil when absent, undecodable or not a dictionary.
    public func dictionary(at path: BundlePath) -> PlistDictionary? {
        guard case .dictionary(let d)? = snapshot.plists[path]?.document?.root else { return nil }
        return d
    }

    /// `bundle`'s Info.plist as a dictionary, nil when it is missing or unreadable.
    public func info(of bundle: BundleInfo) -> PlistDictionary? { dictionary(at: bundle.infoPlistPath) }

    /// The entry at `path`, if the build has one.
    public func entry(at path: BundlePath) -> FileEntry? { index.entry(at: path) }

    /// Whether `bundle` is laid out for iOS, tvOS, watchOS or visionOS: flat, and not
    /// declared for macOS. A flat bundle with no platform is taken for the mobile family,
    /// unless a bundle around it is a macOS one (a flat framework in a Mac app's
    /// `Contents/Frameworks/`).
    public func isMobile(_ bundle: BundleInfo) -> Bool {
        guard bundle.layout == .flat, bundle.platform != "macOS" else { return false }
        guard bundle.platform == nil else { return true }
        var current = bundle
        while let parent = current.parentPath, let next = index.bundle(at: parent) {
            if let platform = next.platform { return platform != "macOS" }
            if next.layout == .contents { return false }
            current = next
        }
        return true
    }
}

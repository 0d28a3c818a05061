import BundleModel
import Comparison

/// What a rule sees: the comparison, the settings, the recorded builds, and lookups.
public struct RuleContext: Sendable {
    public let comparison: BuildComparison
    public let configuration: RuleConfiguration
    /// Builds recorded before for the main app and channel (the version baseline), if any.
    public let history: [RecordedVersion]?
    /// The report's date, seconds since 1970 UTC, for rules that judge against a date.
    public let reportDate: Int64?
    public let oldIndex: SnapshotIndex
    public let newIndex: SnapshotIndex
    /// `bundlediff check`: one build judged on its own (the comparison is against an empty
    /// build), so a rule that would say what it could not compare says what is wrong instead.
    public var judgesOneBuild = false
    private let localized = LocalizedBundleCache()
    private let tables: StringTableCache
    private let oldSeals = SealEvaluationCache(), newSeals = SealEvaluationCache()

    public init(comparison: BuildComparison, configuration: RuleConfiguration, history: [RecordedVersion]?,
                reportDate: Int64? = nil) {
        self.init(comparison: comparison, configuration: configuration, history: history, reportDate: reportDate,
                  tables: StringTableCache())
    }

    /// With the string tables flattened so far (`comparing`).
    init(comparison: BuildComparison, configuration: RuleConfiguration, history: [RecordedVersion]?,
         reportDate: Int64?, tables: StringTableCache) {
        self.tables = tables
        self.comparison = comparison
        self.configuration = configuration
        self.history = history
        self.reportDate = reportDate
        oldIndex = comparison.oldIndex
        newIndex = comparison.newIndex
    }

    /// `bundle` (named `name` in findings) as the parity rules read it, on the new side or
    /// the old one; built once per comparison.
    func localizedBundle(_ bundle: BundleInfo, named name: String, isNew: Bool) -> LocalizedBundle {
        localized.bundle(bundle, isNew: isNew) {
            LocalizedBundle(name: name, bundle: bundle, index: isNew ? newIndex : oldIndex, configuration: configuration,
                            tables: tables)
        }
    }

    /// Builds every bundle's localizations, flattens their string tables and works out their
    /// format problems ahead of the parity rules, the new build on this core and the old one
    /// on the other. Left to the rules, the first two parity rules asked for the same tables
    /// in the same order, so one mostly waited for the other.
    func prepareLocalizations() {
        let bundles = comparison.bundles
        _ = BothCores.run({
            for b in bundles { if let n = b.new { localizedBundle(n, named: b.name, isNew: true).prepare(backwards: false) } }
        }, alongside: {
            for b in bundles { if let o = b.old { localizedBundle(o, named: b.name, isNew: false).prepare(backwards: true) } }
        })
    }

    /// One side of the comparison as a `CheckRule` sees it, with the bundles named as here.
    public func check(isNew: Bool) -> CheckContext {
        var names: [BundlePath: String] = [:]
        for b in comparison.bundles {
            if let path = (isNew ? b.new : b.old)?.path { names[path] = b.name }
        }
        return CheckContext(index: isNew ? newIndex : oldIndex, configuration: configuration,
                            reportDate: reportDate, names: names, seals: isNew ? newSeals : oldSeals)
    }

    /// The configured severity of `rule`.
    public func severity(of rule: RuleID) -> Severity { configuration.severity(of: rule) }

    /// The configured severity of `rule`, lowered to `cap`: for the part of a rule's
    /// findings that is worth knowing but harms no user (a stale key, a renamed folder).
    public func severity(of rule: RuleID, atMost cap: Severity) -> Severity { min(configuration.severity(of: rule), cap) }

    /// Whether there is an old build at all (not an empty stand-in).
    public var hasOldBuild: Bool { !comparison.old.entries.isEmpty }

    /// The version policy in force for `bundle` (`automatic` resolved by layout and platform).
    public func versionPolicy(for bundle: BundleInfo) -> RuleConfiguration.VersionPolicy {
        switch configuration.versionPolicy {
        case .strict, .train: return configuration.versionPolicy
        case .automatic:
            if bundle.layout != .flat || bundle.platform?.lowercased().hasPrefix("mac") == true { return .strict }
            return .train
        }
    }
}

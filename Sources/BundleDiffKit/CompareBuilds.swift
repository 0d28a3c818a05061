import BundleModel
import Comparison
import Reporters
import Rules
import SnapshotStore
import TextSafety

/// `bundlediff diff` and `bundlediff gate`: facts from the comparison, findings from the
/// rules, rendered by a reporter. Nothing here decides a finding; it only wires the parts.
public struct CompareBuilds {
    public var configuration: RuleConfiguration
    public var failOn: Severity
    public var onlyNew: Bool

    public init(configuration: RuleConfiguration, failOn: Severity, onlyNew: Bool) {
        self.configuration = configuration
        self.failOn = failOn
        self.onlyNew = onlyNew
    }

    /// The full comparison of two builds with every enabled rule.
    /// - Parameter date: the report's date, ISO 8601 UTC (an input, for byte-stable reports).
    /// Two data containers get the migration rules (`RuleID.containerRules`) instead of
    /// the build rules; a container and a build are not compared (one line, exit 2).
    public func diff(old: BuildSide, new: BuildSide, history: [RecordedVersion]? = nil,
                     date: String) throws(UserFacingError) -> DiffReport {
        switch (old.isContainer, new.isContainer) {
        case (true, true):
            return report(.diff, old: old, new: new, history: nil, only: RuleID.containerRules, date: date)
        case (false, false):
            return report(.diff, old: old, new: new, history: history, only: RuleID.buildRules, date: date)
        case (true, false), (false, true):
            let (container, build) = old.isContainer ? (old, new) : (new, old)
            throw UserFacingError("\(VisibleText.escape(container.reference)) is an app's data container and "
                                  + "\(VisibleText.escape(build.reference)) is a build: diff compares two builds or two containers")
        }
    }

    /// Refuses a data container where a build is needed (`check`, `gate`).
    public static func requireBuild(_ side: BuildSide, for command: String) throws(UserFacingError) {
        guard side.isContainer else { return }
        throw UserFacingError("\(VisibleText.escape(side.reference)) is an app's data container, not a build: "
                              + "\(command) judges builds (compare two containers with diff)")
    }

    /// The App Store preflight of one build: every check rule (`RuleID.checkRules`), no
    /// comparison. The report's bundles are the build's own, with nothing changed.
    public func check(_ build: BuildSide, date: String) -> DiffReport {
        let empty = BuildSnapshot(sourceKind: build.snapshot.sourceKind, sourceName: build.snapshot.sourceName,
                                  entries: [], plists: [:], bundles: [])
        // The build is indexed once: the rules see it against an empty build, the report
        // against itself.
        let index = SnapshotIndex(build.snapshot)
        var context = RuleContext(comparison: Comparer.compare(SnapshotIndex(empty), index),
                                  configuration: configuration, history: nil, reportDate: Timestamp.parse(date))
        context.judgesOneBuild = true
        let side = build.reportSide
        return DiffReport(kind: .check, oldSide: side, newSide: side,
                          comparison: Comparer.compare(index, index),
                          findings: RuleEngine.run(context, only: RuleID.checkRules),
                          rules: RuleEngine.rules(configuration, only: RuleID.checkRules),
                          failOn: failOn, onlyNew: onlyNew, toolVersion: ToolInfo.version, date: date)
    }

    /// The version gate: version and nested-version rules only.
    public func gate(baseline: GateBaseline, new: BuildSide, date: String) -> DiffReport {
        report(.gate, old: baseline.side, new: new, history: baseline.history, only: RuleID.versionRules, date: date)
    }

    private func report(_ kind: DiffReport.Kind, old: BuildSide, new: BuildSide, history: [RecordedVersion]?,
                        only: Set<RuleID>?, date: String) -> DiffReport {
        // A diff reads every string table (the parity rules, the matrix): they are
        // flattened while the files are merged. The gate reads none.
        let context = kind == .diff
            ? RuleContext.comparing(old: old.snapshot, new: new.snapshot, configuration: configuration, history: history,
                                    reportDate: Timestamp.parse(date), prepared: old.prepared)
            : RuleContext(comparison: Comparer.compare(old: old.snapshot, new: new.snapshot), configuration: configuration,
                          history: history, reportDate: Timestamp.parse(date))
        let comparison = context.comparison
        // Two identical builds: nothing changed, so `diff` has nothing to judge. The gate
        // still judges, and says the build is the same as its baseline.
        let identical = kind == .diff && comparison.isIdentical
        let findings = identical ? [] : RuleEngine.run(context, only: only)
        let localization = kind == .diff ? LocalizationMatrix.of(context) : []
        // The context's indexes, tables and caches are left to the process's exit.
        KeptUntilExit.keep(context)
        return DiffReport(kind: kind, oldSide: old.reportSide, newSide: new.reportSide,
                          comparison: comparison, findings: findings, localization: localization,
                          rules: RuleEngine.rules(configuration, only: only),
                          failOn: failOn, onlyNew: onlyNew, toolVersion: ToolInfo.version, date: date)
    }
}

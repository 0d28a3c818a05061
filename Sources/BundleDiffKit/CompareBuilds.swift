import BundleModel
import Comparison
import Reporters
import Rules
import SnapshotStore

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
    public func diff(old: BuildSide, new: BuildSide, history: [RecordedVersion]? = nil) -> DiffReport {
        report(old: old, new: new, history: history, only: nil)
    }

    /// The version gate: version and nested-version rules only.
    public func gate(baseline: GateBaseline, new: BuildSide) -> DiffReport {
        report(old: baseline.side, new: new, history: baseline.history, only: RuleID.versionRules)
    }

    private func report(old: BuildSide, new: BuildSide, history: [RecordedVersion]?, only: Set<RuleID>?) -> DiffReport {
        let comparison = Comparer.compare(old: old.snapshot, new: new.snapshot)
        let findings = RuleEngine.run(comparison, configuration: configuration, history: history, only: only)
        return DiffReport(oldSide: .init(reference: old.reference, commit: old.recorded?.commit),
                          newSide: .init(reference: new.reference, commit: new.recorded?.commit),
                          comparison: comparison, findings: findings, failOn: failOn, onlyNew: onlyNew,
                          toolVersion: ToolInfo.version)
    }
}

import BundleModel
import Comparison

/// Runs the enabled rules over a comparison and returns the findings, sorted, with the
/// configured severities (as a ceiling) and the baseline applied.
public enum RuleEngine {
    /// - Parameters:
    ///   - comparison: the facts (`Comparer.compare(old:new:)`).
    ///   - configuration: severities, disabled rules, policy, reference language, baseline.
    ///   - history: builds recorded before for this app and channel (version baseline).
    ///   - only: restrict to these rules (`RuleID.versionRules` for the gate); nil runs all.
    public static func run(_ comparison: BuildComparison, configuration: RuleConfiguration = RuleConfiguration(),
                           history: [RecordedVersion]? = nil, only: Set<RuleID>? = nil) -> [Finding] {
        run(RuleContext(comparison: comparison, configuration: configuration, history: history), only: only)
    }

    /// Runs the rules in `context`, which keeps what they build (localizations) for reuse.
    /// The rules run on both cores: each thread takes the next rule not yet taken, so a
    /// heavy rule on one core is balanced by several light ones on the other. What rules
    /// build is shared through the context's locked caches, and the findings are sorted,
    /// so the split does not show. The parity rules' localizations are built first, on both
    /// cores (`RuleContext.prepareLocalizations`).
    public static func run(_ context: RuleContext, only: Set<RuleID>? = nil) -> [Finding] {
        let ids = rules(context.configuration, only: only)
        if ids.contains(where: { $0.ruleType is any LocalizationRule.Type }) { context.prepareLocalizations() }
        let queue = RuleQueue(ids)
        let (here, other) = BothCores.run({ findings(of: queue, in: context) }, alongside: { findings(of: queue, in: context) })
        return (here + other).sorted()
    }

    private static func findings(of queue: RuleQueue, in context: RuleContext) -> [Finding] {
        let configuration = context.configuration
        var out: [Finding] = []
        while let id = queue.next() {
            for var finding in id.ruleType.init().findings(in: context) {
                // The configured severity, never above it; a rule may lower part of its
                // findings below it (`RuleContext.severity(of:atMost:)`).
                finding.severity = min(finding.severity, configuration.severity(of: id))
                finding.isAccepted = configuration.acceptedFingerprints.contains(finding.fingerprint)
                out.append(finding)
            }
        }
        return out
    }

    /// The rules `run` runs with these settings, in id order: the enabled ones, narrowed to
    /// `only` when given. Reports list them (a JUnit test case per rule, passing or not).
    public static func rules(_ configuration: RuleConfiguration, only: Set<RuleID>? = nil) -> [RuleID] {
        RuleID.allCases.filter { configuration.isEnabled($0) && (only?.contains($0) ?? true) }
    }

    /// Convenience: compare two builds and run the rules.
    public static func run(old: BuildSnapshot, new: BuildSnapshot, configuration: RuleConfiguration = RuleConfiguration(),
                           history: [RecordedVersion]? = nil, only: Set<RuleID>? = nil) -> [Finding] {
        run(Comparer.compare(old: old, new: new), configuration: configuration, history: history, only: only)
    }
}

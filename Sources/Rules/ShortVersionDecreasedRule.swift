import BundleModel
import Comparison

/// `CFBundleShortVersionString` must not go down against the old build or the history.
public struct ShortVersionDecreasedRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .shortVersionDecreased, name: "CFBundleShortVersionString went down", defaultSeverity: .error,
        rationale: "App Store Connect refuses a marketing version lower than one already released; users "
            + "and update frameworks read a lower version as a downgrade.",
        triggeringExamples: [
            RuleExample("2.0 → 1.9", old: BuildNotIncreasedRule.app(short: "2.0", build: "5"),
                        new: BuildNotIncreasedRule.app(short: "1.9", build: "6")),
            RuleExample("below the highest recorded", old: nil, new: BuildNotIncreasedRule.app(short: "1.2", build: "40"),
                        history: [RecordedVersion(shortVersion: "1.3", build: "30")]),
        ],
        nonTriggeringExamples: [
            RuleExample("1.9 → 1.10", old: BuildNotIncreasedRule.app(short: "1.9", build: "5"),
                        new: BuildNotIncreasedRule.app(short: "1.10", build: "6")),
            RuleExample("1.0 → 1", old: BuildNotIncreasedRule.app(short: "1.0", build: "5"),
                        new: BuildNotIncreasedRule.app(short: "1", build: "6")),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        VersionBaseline.subjects(context).compactMap { subject in
            guard let n = subject.new, let text = n.shortVersion, let short = VersionNumber(text) else { return nil }
            let baseline = VersionBaseline(subject, context: context).entries.compactMap { e -> (VersionNumber, String)? in
                e.shortVersion.flatMap(VersionNumber.init).map { ($0, e.source) }
            }
            guard let top = baseline.max(by: { $0.0 < $1.0 }), short < top.0 else { return nil }
            return Finding(
                ruleID: .shortVersionDecreased, severity: context.severity(of: .shortVersionDecreased), bundle: subject.name,
                message: "CFBundleShortVersionString \(text) is lower than \(top.0.text) in \(top.1): "
                    + "use \(top.0.text) or higher",
                paths: [n.infoPlistPath], subject: "CFBundleShortVersionString=\(text)")
        }
    }
}

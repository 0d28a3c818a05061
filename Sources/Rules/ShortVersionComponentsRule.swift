import BundleModel
import Comparison

/// `CFBundleShortVersionString` has at most three period-separated integers.
public struct ShortVersionComponentsRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .shortVersionComponents, name: "CFBundleShortVersionString has more than three components",
        defaultSeverity: .error,
        rationale: "The marketing version is three period-separated integers at most (major.minor.patch); "
            + "App Store Connect rejects a fourth component (ITMS-90060). A build whose distribution is "
            + "Developer ID, ad hoc or enterprise never reaches App Store Connect and is not judged.",
        appStoreCodes: ["ITMS-90060"],
        triggeringExamples: [
            RuleExample("1.2.3.4", old: nil, new: BuildNotIncreasedRule.app(short: "1.2.3.4", build: "1")),
        ],
        nonTriggeringExamples: [
            RuleExample("1.2.3", old: nil, new: BuildNotIncreasedRule.app(short: "1.2.3", build: "1")),
            RuleExample("1.2.3.4 in a Developer ID build", old: nil, new: BuildNotIncreasedRule.app(short: "1.2.3.4", build: "1"),
                        configuration: RuleConfiguration(distribution: .developerID)),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        guard context.configuration.mayBeUploaded else { return [] }
        return context.comparison.bundles.compactMap { b in
            guard let n = b.new, !context.isUnchangedInner(b), let text = n.shortVersion,
                  let short = VersionNumber(text), short.components.count > 3 else { return nil }
            return Finding(
                ruleID: .shortVersionComponents, severity: context.severity(of: .shortVersionComponents), bundle: b.name,
                message: "CFBundleShortVersionString '\(text)' has \(short.components.count) components: use major.minor.patch",
                paths: [n.infoPlistPath], subject: "CFBundleShortVersionString=\(text)")
        }
    }
}

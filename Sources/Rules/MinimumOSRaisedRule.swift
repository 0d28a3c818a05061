import BundleModel
import MachO

/// The minimum OS an executable declares went up for a platform it kept.
public struct MinimumOSRaisedRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .minimumOSRaised, name: "Minimum OS raised", defaultSeverity: .warning,
        rationale: "Users on an OS below the new minimum stop getting updates: a migration to announce, not a "
            + "side effect of a toolchain bump. Read from each bundle's main executable (LC_BUILD_VERSION or "
            + "LC_VERSION_MIN_*), per device platform (simulators only reach developers), old and new version in the message; builds recorded without Mach-O "
            + "facts are not judged.",
        triggeringExamples: [
            RuleExample("iOS 15 → 16", old: BinaryPairs.app([ExampleBuild.slice(minimumOS: .init(major: 15))]),
                        new: BinaryPairs.app([ExampleBuild.slice(minimumOS: .init(major: 16))]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("lowered", old: BinaryPairs.app([ExampleBuild.slice(minimumOS: .init(major: 16))]),
                        new: BinaryPairs.app([ExampleBuild.slice(minimumOS: .init(major: 15))])),
            RuleExample("a simulator slice's minimum", old: BinaryPairs.app([
                ExampleBuild.slice(platform: .iOSSimulator, minimumOS: .init(major: 15))]),
                        new: BinaryPairs.app([ExampleBuild.slice(platform: .iOSSimulator, minimumOS: .init(major: 16))])),
            RuleExample("only the SDK changed", old: BinaryPairs.app([ExampleBuild.slice(sdk: .init(major: 17))]),
                        new: BinaryPairs.app([ExampleBuild.slice(sdk: .init(major: 18))])),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        var out: [Finding] = []
        for p in BinaryPairs.pairs(context) {
            let kept = p.old.platforms.intersection(p.new.platforms).filter { !$0.isSimulator }
            for platform in kept.sorted(by: { $0.rawValue < $1.rawValue }) {
                guard let was = p.old.minimumOS(for: platform), let now = p.new.minimumOS(for: platform), now > was
                else { continue }
                out.append(Finding(ruleID: .minimumOSRaised, severity: context.severity(of: .minimumOSRaised), bundle: p.name,
                                   message: "minimum \(platform) raised \(was) → \(now) (\(p.path.nameString)): users "
                                       + "below \(platform) \(now) stop getting updates",
                                   paths: [p.path], subject: "\(platform)|\(now)"))
            }
        }
        return out
    }
}

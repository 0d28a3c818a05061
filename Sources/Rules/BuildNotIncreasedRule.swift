import BundleModel
import Comparison

/// `CFBundleVersion` must be higher than the baseline: the old build given, or the highest
/// build recorded (never merely the latest), under the strict or train policy.
public struct BuildNotIncreasedRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .buildNotIncreased, name: "CFBundleVersion did not increase", defaultSeverity: .error,
        rationale: "App Store Connect rejects an upload whose CFBundleVersion is not higher than every build "
            + "uploaded before it (macOS), or than every build of the same CFBundleShortVersionString (iOS). "
            + "The baseline is the highest build recorded, not the latest: comparing with the last upload "
            + "misses a build that went down after a hotfix.",
        triggeringExamples: [
            RuleExample("equal build", old: app(short: "1.0", build: "7"), new: app(short: "1.0", build: "7")),
            RuleExample("1.9 after 1.10", old: app(short: "1.0", build: "1.10"), new: app(short: "1.0", build: "1.9")),
            RuleExample("lower than the highest recorded, though above the latest",
                        old: nil, new: app(short: "2.0", build: "12"),
                        configuration: RuleConfiguration(versionPolicy: .strict),
                        history: [RecordedVersion(shortVersion: "2.0", build: "15"),
                                  RecordedVersion(shortVersion: "2.0", build: "11")]),
            RuleExample("strict: a new short version does not reset the build",
                        old: app(short: "1.0", build: "9"), new: app(short: "1.1", build: "1"),
                        configuration: RuleConfiguration(versionPolicy: .strict)),
        ],
        nonTriggeringExamples: [
            RuleExample("1.10 after 1.9", old: app(short: "1.0", build: "1.9"), new: app(short: "1.0", build: "1.10")),
            RuleExample("train: a new short version resets the build",
                        old: app(short: "1.0", build: "9"), new: app(short: "1.1", build: "1"),
                        configuration: RuleConfiguration(versionPolicy: .train)),
            RuleExample("no baseline", old: nil, new: app(short: "1.0", build: "1")),
        ])

    static func app(short: String, build: String) -> ExampleBuild {
        ExampleBuild().bundle("Example.app", id: "com.example.app", version: build, shortVersion: short)
    }

    public func findings(in context: RuleContext) -> [Finding] {
        VersionBaseline.subjects(context).compactMap { subject in
            // A malformed value is version.malformed's finding, which replaces the comparison.
            guard let n = subject.new, let text = n.version, let build = VersionNumber(text),
                  MalformedVersionRule.problem(text, key: "CFBundleVersion") == nil else { return nil }
            let policy = context.versionPolicy(for: n)
            let relevant = VersionBaseline(subject, context: context).entries.compactMap { e -> (VersionNumber, VersionBaseline.Entry)? in
                guard let v = VersionNumber(e.build) else { return nil }
                return policy == .train && !VersionBaseline.sameTrain(e.shortVersion, n.shortVersion) ? nil : (v, e)
            }
            guard let top = relevant.max(by: { $0.0 < $1.0 }), build <= top.0 else { return nil }
            let relation = build == top.0 ? "equal to" : "lower than"
            let scope = policy == .train ? " for version \(n.shortVersion ?? "(none)")" : ""
            // Every file identical to the old build: say so, not merely that the number did not grow.
            let message = context.comparison.isIdentical
                ? "this is the same build as the baseline (every file identical, CFBundleVersion \(text)): "
                    + "build anew with CFBundleVersion above \(top.1.build)"
                : "CFBundleVersion \(text) is \(relation) \(top.1.build), the highest build\(scope) in \(top.1.source) "
                    + "(\(policy.rawValue) policy): raise CFBundleVersion above \(top.1.build)"
            return Finding(
                ruleID: .buildNotIncreased, severity: context.severity(of: .buildNotIncreased), bundle: subject.name,
                message: message, paths: [n.infoPlistPath], subject: "CFBundleVersion=\(text)")
        }
    }
}

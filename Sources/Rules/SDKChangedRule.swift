import BundleModel
import MachO

/// The SDK an executable was built with changed for a platform it kept.
public struct SDKChangedRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .sdkChanged, name: "SDK changed", defaultSeverity: .info,
        rationale: "A new SDK (a new Xcode) changes behaviour the OS ties to the SDK an app links against (linked-on-or-after "
            + "checks: new defaults, new privacy prompts, deprecated APIs that stop working): worth a test pass on the "
            + "oldest and newest OS, not a problem by itself. Read from each bundle's main executable (LC_BUILD_VERSION "
            + "or LC_VERSION_MIN_*), per platform both builds have; an SDK recorded as 0 (unknown) is not compared, "
            + "nor are builds recorded without Mach-O facts.",
        triggeringExamples: [
            RuleExample("iOS SDK 17 → 18", old: BinaryPairs.app([ExampleBuild.slice(sdk: .init(major: 17))]),
                        new: BinaryPairs.app([ExampleBuild.slice(sdk: .init(major: 18))]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("same SDK, minimum raised", old: BinaryPairs.app([ExampleBuild.slice(minimumOS: .init(major: 15))]),
                        new: BinaryPairs.app([ExampleBuild.slice(minimumOS: .init(major: 16))])),
            RuleExample("old SDK unknown (0)", old: BinaryPairs.app([ExampleBuild.slice(sdk: .init(rawValue: 0))]),
                        new: BinaryPairs.app([ExampleBuild.slice(sdk: .init(major: 18))])),
            RuleExample("platform changed, not the SDK", old: BinaryPairs.app([ExampleBuild.slice(platform: .iOS)]),
                        new: BinaryPairs.app([ExampleBuild.slice(platform: .macCatalyst)])),
        ])

    /// The known (nonzero) SDK versions the file's slices declare for `platform`, ascending.
    static func sdks(_ file: MachOFile, _ platform: MachOPlatform) -> [MachOVersion] {
        Array(Set(file.slices.flatMap(\.buildVersions).filter { $0.platform == platform && $0.sdk.rawValue != 0 }
            .map(\.sdk))).sorted()
    }

    public func findings(in context: RuleContext) -> [Finding] {
        var out: [Finding] = []
        for p in BinaryPairs.pairs(context) {
            for platform in p.old.platforms.intersection(p.new.platforms).sorted(by: { $0.rawValue < $1.rawValue }) {
                let was = Self.sdks(p.old, platform), now = Self.sdks(p.new, platform)
                guard !was.isEmpty, !now.isEmpty, was != now else { continue }
                let a = was.map(\.description).joined(separator: "/"), b = now.map(\.description).joined(separator: "/")
                out.append(Finding(ruleID: .sdkChanged, severity: context.severity(of: .sdkChanged), bundle: p.name,
                                   message: "\(platform) SDK changed \(a) → \(b) (\(p.path.nameString)): behaviour the OS "
                                       + "ties to the SDK may change; test on the oldest and newest OS",
                                   paths: [p.path], subject: "\(platform)|\(b)"))
            }
        }
        return out
    }
}

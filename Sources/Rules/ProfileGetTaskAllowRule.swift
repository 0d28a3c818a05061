import PropertyLists

/// `get-task-allow` true in a build meant for distribution.
public struct ProfileGetTaskAllowRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .profileGetTaskAllow, name: "Debugging allowed in a distribution build", defaultSeverity: .error,
        rationale: "get-task-allow lets a debugger attach; it belongs to development signing. App Store Connect "
            + "rejects a build whose signature carries it (ITMS-90164: … a key value that is not allowed: 'true' "
            + "for the key 'get-task-allow'). Judged from the embedded profile's entitlements (profile.entitlements-not-granted compares the "
            + "signature's other entitlements with the profile); silent unless the configuration's distribution "
            + "says the build is meant for distribution.",
        appStoreCodes: ["ITMS-90164"],
        triggeringExamples: [
            RuleExample("development profile in an App Store build", old: nil,
                        new: ProfileCheck.app(devices: ["00008101-000A"], getTaskAllow: true),
                        configuration: ProfileCheck.configuration(.appStore), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("distribution profile", old: nil, new: ProfileCheck.app(), configuration: ProfileCheck.configuration(.appStore)),
            RuleExample("no distribution configured", old: nil, new: ProfileCheck.app(getTaskAllow: true)),
        ])

    public func findings(in build: CheckContext) -> [Finding] {
        guard build.configuration.distribution != .none else { return [] }
        return ProfileCheck.findings(in: build, rule: .profileGetTaskAllow) { profile, _ in
            guard profile.getTaskAllow else { return nil }
            return "the embedded profile grants get-task-allow (debugging), which a \(build.configuration.distribution.rawValue) "
                + "build may not carry (App Store Connect: ITMS-90164); sign with a distribution profile"
        }
    }
}

import PropertyLists

/// `aps-environment` = development in a build meant for distribution.
public struct ProfilePushEnvironmentRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .profilePushEnvironment, name: "Development push environment in a distribution build", defaultSeverity: .error,
        rationale: "aps-environment development sends the app's push token to Apple's sandbox servers, so a "
            + "released app receives no notifications; App Store Connect rejects it (ITMS-90046: value "
            + "'development' for key 'aps-environment' … is not supported). Judged from the embedded profile's "
            + "entitlements; silent unless the configuration's distribution says the build is meant for distribution.",
        appStoreCodes: ["ITMS-90046"],
        triggeringExamples: [
            RuleExample("development push in an App Store build", old: nil, new: ProfileCheck.app(aps: "development"),
                        configuration: ProfileCheck.configuration(.appStore), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("production push", old: nil, new: ProfileCheck.app(aps: "production"),
                        configuration: ProfileCheck.configuration(.appStore)),
            RuleExample("no distribution configured", old: nil, new: ProfileCheck.app(aps: "development")),
        ])

    public func findings(in build: CheckContext) -> [Finding] {
        guard build.configuration.distribution != .none else { return [] }
        return ProfileCheck.findings(in: build, rule: .profilePushEnvironment) { profile, _ in
            guard profile.pushEnvironment == "development" else { return nil }
            return "the embedded profile sets aps-environment to development in a \(build.configuration.distribution.rawValue) "
                + "build: push notifications go to the sandbox (App Store Connect: ITMS-90046); sign with a distribution profile"
        }
    }
}

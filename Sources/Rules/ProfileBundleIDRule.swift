import PropertyLists

/// The profile's app id does not cover the bundle's `CFBundleIdentifier`.
public struct ProfileBundleIDRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .profileBundleID, name: "Profile does not cover the bundle id", defaultSeverity: .error,
        rationale: "A profile authorizes the bundle ids its application-identifier names: one id, or a prefix "
            + "ending in * (a wildcard App ID). A bundle whose CFBundleIdentifier it does not cover cannot be "
            + "installed or uploaded with that profile; usually another target's profile was embedded. Case is "
            + "ignored, as the developer portal ignores it.",
        triggeringExamples: [
            RuleExample("the profile of another app", old: nil, new: ProfileCheck.app(appID: "ABCDE12345.com.example.other"),
                        expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("explicit app id", old: nil, new: ProfileCheck.app()),
            RuleExample("wildcard app id", old: nil, new: ProfileCheck.app(appID: "ABCDE12345.com.example.*")),
            RuleExample("full wildcard", old: nil, new: ProfileCheck.app(appID: "ABCDE12345.*")),
        ])

    public func findings(in build: CheckContext) -> [Finding] {
        ProfileCheck.findings(in: build, rule: .profileBundleID) { profile, bundle in
            guard let id = bundle.identifier, let pattern = profile.bundleIDPattern, !profile.covers(bundleID: id) else { return nil }
            return "the embedded profile is for '\(pattern)', which does not cover the bundle id '\(id)'; "
                + "embed the profile of this target"
        }
    }
}

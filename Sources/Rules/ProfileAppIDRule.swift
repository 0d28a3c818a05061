import PropertyLists

/// The profile's `application-identifier` prefix is not one of its team's prefixes.
public struct ProfileAppIDRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .profileAppIDPrefix, name: "App id prefix not of the profile's team", defaultSeverity: .error,
        rationale: "The application-identifier entitlement is <prefix>.<bundle id>, where the prefix is the team id "
            + "(or, for apps older than 2011, a seed id listed in ApplicationIdentifierPrefix). A prefix that is "
            + "neither a TeamIdentifier nor an ApplicationIdentifierPrefix of the profile means the profile was "
            + "edited or assembled by hand: keychain and app-group access follow the prefix, and no signing tool "
            + "writes one. A legacy seed id that differs from the team id is not a finding.",
        triggeringExamples: [
            RuleExample("prefix of another team", old: nil, new: ProfileCheck.app(appID: "ZZZZZ99999.com.example.app"),
                        expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("the team's prefix", old: nil, new: ProfileCheck.app()),
        ])

    public func findings(in build: CheckContext) -> [Finding] {
        ProfileCheck.findings(in: build, rule: .profileAppIDPrefix) { profile, _ in
            let allowed = Set(profile.teamIdentifiers + profile.appIDPrefixes)
            guard let prefix = profile.appIDPrefix, !allowed.isEmpty, !allowed.contains(prefix) else { return nil }
            return "the profile's application-identifier starts with '\(prefix)', which is not its team "
                + "(\(profile.teamIdentifiers.joined(separator: ", "))) nor one of its ApplicationIdentifierPrefix "
                + "values; download the profile again from the developer portal"
        }
    }
}

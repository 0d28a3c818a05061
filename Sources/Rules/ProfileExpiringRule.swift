import PropertyLists

/// A profile that expires within `profile_expiry_days` of the report date.
public struct ProfileExpiringRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .profileExpiring, name: "Provisioning profile expiring soon", defaultSeverity: .warning,
        rationale: "A profile that expires within the configured number of days "
            + "(`profile_expiry_days: 30`) of the report date will stop ad hoc and enterprise installs from launching and fail uploads once "
            + "it has expired (ITMS-90161); renewing before the release avoids a rebuild under pressure.",
        triggeringExamples: [
            RuleExample("expires in 10 days", old: nil, new: ProfileCheck.app(expiresInDays: 10),
                        expectedCount: 1, reportDate: ProfileCheck.exampleNow),
        ],
        nonTriggeringExamples: [
            RuleExample("expires in 300 days", old: nil, new: ProfileCheck.app(), reportDate: ProfileCheck.exampleNow),
            RuleExample("already expired (profile.expired says so)", old: nil, new: ProfileCheck.app(expiresInDays: -1),
                        reportDate: ProfileCheck.exampleNow),
        ])

    public func findings(in build: CheckContext) -> [Finding] {
        guard let now = build.reportDate else { return [] }
        let window = Double(build.configuration.profileExpiryDays) * 86_400
        return ProfileCheck.findings(in: build, rule: .profileExpiring) { profile, _ in
            guard let expiry = profile.expirationUnixTime, expiry > Double(now), expiry - Double(now) <= window else { return nil }
            return "the embedded profile expires \(ProfileCheck.days(expiry - Double(now))) after the report date "
                + "(within \(build.configuration.profileExpiryDays) days); renew it before the release"
        }
    }
}

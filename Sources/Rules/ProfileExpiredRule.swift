import PropertyLists

/// A profile past its `ExpirationDate` at the report date.
public struct ProfileExpiredRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .profileExpired, name: "Provisioning profile expired", defaultSeverity: .error,
        rationale: "A profile past its ExpirationDate is refused everywhere: devices do not launch the app and "
            + "App Store Connect rejects the upload with ITMS-90161 (Invalid Provisioning Profile … [Expired "
            + "profile.]). Judged against the report's date, never the clock of the machine running the check.",
        appStoreCodes: ["ITMS-90161"],
        triggeringExamples: [
            RuleExample("expired yesterday", old: nil, new: ProfileCheck.app(expiresInDays: -1),
                        expectedCount: 1, reportDate: ProfileCheck.exampleNow),
        ],
        nonTriggeringExamples: [
            RuleExample("valid for 300 days", old: nil, new: ProfileCheck.app(), reportDate: ProfileCheck.exampleNow),
            RuleExample("no report date", old: nil, new: ProfileCheck.app(expiresInDays: -1)),
        ])

    public func findings(in build: CheckContext) -> [Finding] {
        guard let now = build.reportDate else { return [] }
        return ProfileCheck.findings(in: build, rule: .profileExpired) { profile, _ in
            guard let expiry = profile.expirationUnixTime, expiry <= Double(now) else { return nil }
            return "the embedded profile expired \(ProfileCheck.days(Double(now) - expiry)) before the report date; "
                + "App Store Connect rejects it (ITMS-90161, Expired profile): renew the profile and sign again"
        }
    }
}

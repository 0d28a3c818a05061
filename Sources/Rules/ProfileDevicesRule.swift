import PropertyLists

/// `ProvisionedDevices` in a build meant for the App Store.
public struct ProfileDevicesRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .profileDevices, name: "Device list in an App Store build", defaultSeverity: .error,
        rationale: "An App Store profile lists no devices; a ProvisionedDevices list means a development or ad hoc "
            + "profile, which App Store Connect rejects (ITMS-90161, Invalid Provisioning Profile). Silent unless "
            + "the configuration's distribution is app-store.",
        appStoreCodes: ["ITMS-90161"],
        triggeringExamples: [
            RuleExample("ad hoc profile in an App Store build", old: nil, new: ProfileCheck.app(devices: ["00008101-000A"]),
                        configuration: ProfileCheck.configuration(.appStore), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("App Store profile", old: nil, new: ProfileCheck.app(), configuration: ProfileCheck.configuration(.appStore)),
            RuleExample("ad hoc build", old: nil, new: ProfileCheck.app(devices: ["00008101-000A"]),
                        configuration: ProfileCheck.configuration(.adHoc)),
        ])

    public func findings(in build: CheckContext) -> [Finding] {
        guard build.configuration.distribution == .appStore else { return [] }
        return ProfileCheck.findings(in: build, rule: .profileDevices) { profile, _ in
            guard let devices = profile.provisionedDevices else { return nil }
            return "the embedded profile lists \(devices.count) provisioned device\(devices.count == 1 ? "" : "s"), "
                + "so it is not an App Store profile (App Store Connect: ITMS-90161); sign with an App Store profile"
        }
    }
}

import PropertyLists

/// A profile of another kind than the builds are meant for (`distribution:`).
public struct ProfileKindRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .profileKind, name: "Provisioning profile of the wrong kind", defaultSeverity: .error,
        rationale: "A build uploaded to App Store Connect must embed an App Store distribution profile (no device "
            + "list, not for all devices); with a development or ad hoc profile the upload fails with ITMS-90161 "
            + "(Invalid Provisioning Profile … A Distribution Provisioning profile should be used). The kind is "
            + "read from the profile as Xcode tells them apart: ProvisionsAllDevices (enterprise, or Developer ID "
            + "on macOS), ProvisionedDevices with get-task-allow (development) or without (ad hoc), neither "
            + "(App Store). Silent unless the configuration says what the build is for (`distribution: app-store`).",
        appStoreCodes: ["ITMS-90161"],
        triggeringExamples: [
            RuleExample("a development profile in an App Store build", old: nil,
                        new: ProfileCheck.app(devices: ["00008101-000A"], getTaskAllow: true),
                        configuration: ProfileCheck.configuration(.appStore), expectedCount: 1),
            RuleExample("an App Store profile in an ad hoc build", old: nil, new: ProfileCheck.app(),
                        configuration: ProfileCheck.configuration(.adHoc), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("an App Store profile in an App Store build", old: nil, new: ProfileCheck.app(),
                        configuration: ProfileCheck.configuration(.appStore)),
            RuleExample("a development profile, no distribution configured", old: nil,
                        new: ProfileCheck.app(devices: ["00008101-000A"], getTaskAllow: true)),
        ])

    public func findings(in build: CheckContext) -> [Finding] {
        let wanted: ProvisioningProfileModel.Kind
        switch build.configuration.distribution {
        case .none: return []
        case .appStore: wanted = .appStore
        case .adHoc: wanted = .adHoc
        case .enterprise: wanted = .enterprise
        case .developerID: wanted = .developerID
        }
        return ProfileCheck.findings(in: build, rule: .profileKind) { profile, _ in
            guard profile.kind != wanted else { return nil }
            let code = wanted == .appStore ? " (App Store Connect: ITMS-90161, Invalid Provisioning Profile)" : ""
            return "the embedded profile is \(ProfileCheck.name(profile.kind)), but the build is meant for "
                + "\(build.configuration.distribution.rawValue) distribution\(code); sign with \(ProfileCheck.name(wanted))"
        }
    }
}

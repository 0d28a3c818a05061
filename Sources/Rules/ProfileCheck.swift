import BundleModel
import PropertyLists

/// The shared part of the `profile.*` rules: each bundle's embedded provisioning profile
/// (`embedded.mobileprovision`, or `Contents/embedded.provisionprofile` on macOS) read as a
/// `ProvisioningProfileModel`, and the examples' builds.
enum ProfileCheck {
    struct Embedded {
        let bundle: BundleInfo
        let path: BundlePath
        let profile: ProvisioningProfileModel
    }

    /// The profile path of `bundle`'s layout.
    static func profilePath(of bundle: BundleInfo) -> BundlePath {
        bundle.layout == .flat ? bundle.path.appending("embedded.mobileprovision")
            : bundle.contentRoot.appending("embedded.provisionprofile")
    }

    /// Every bundle of `snapshot` with a profile that decodes.
    static func profiles(in snapshot: BuildSnapshot) -> [Embedded] {
        snapshot.bundles.compactMap { bundle in
            let path = profilePath(of: bundle)
            guard let root = snapshot.plists[path]?.document?.root, let profile = ProvisioningProfileModel(root) else { return nil }
            return Embedded(bundle: bundle, path: path, profile: profile)
        }
    }

    /// One finding per profile for which `problem` returns a message.
    static func findings(in build: CheckContext, rule: RuleID,
                         problem: (ProvisioningProfileModel, BundleInfo) -> String?) -> [Finding] {
        profiles(in: build.snapshot).compactMap { e in
            guard let message = problem(e.profile, e.bundle) else { return nil }
            return Finding(ruleID: rule, severity: build.severity(of: rule), bundle: build.name(of: e.bundle),
                           message: message, paths: [e.path], subject: "profile")
        }
    }

    /// How the profile kind reads in a message.
    static func name(_ kind: ProvisioningProfileModel.Kind) -> String {
        switch kind {
        case .development: "a development profile"
        case .adHoc: "an ad hoc profile"
        case .appStore: "an App Store profile"
        case .enterprise: "an enterprise (in-house) profile"
        case .developerID: "a Developer ID profile"
        }
    }

    // MARK: Examples

    /// Seconds since 2001 of 2026-01-01T00:00:00Z, and the examples' report date (1970-based).
    static let exampleNow: Int64 = 1_767_225_600
    static let referenceOffset: Double = 978_307_200

    /// `Example.app` (`com.example.app`) with a profile built from the arguments.
    static func app(appID: String = "ABCDE12345.com.example.app", team: String = "ABCDE12345",
                    devices: [String]? = nil, allDevices: Bool = false, getTaskAllow: Bool = false,
                    aps: String? = nil, expiresInDays: Double = 300, extra: [(String, PlistValue)] = []) -> ExampleBuild {
        var entitlements = PlistDictionary([("application-identifier", .string(appID)),
                                            ("com.apple.developer.team-identifier", .string(team)),
                                            ("get-task-allow", .boolean(getTaskAllow))])
        if let aps { entitlements["aps-environment"] = .string(aps) }
        for (k, v) in extra { entitlements[k] = v }
        var profile = PlistDictionary([
            ("Name", .string("Example")), ("TeamIdentifier", .array([.string(team)])),
            ("ApplicationIdentifierPrefix", .array([.string(team)])), ("Platform", .array([.string("iOS")])),
            ("ExpirationDate", .date(Double(exampleNow) - referenceOffset + expiresInDays * 86_400)),
            ("Entitlements", .dictionary(entitlements)),
        ])
        if let devices { profile["ProvisionedDevices"] = .array(devices.map(PlistValue.string)) }
        if allDevices { profile["ProvisionsAllDevices"] = .boolean(true) }
        return ExampleBuild().bundle("Example.app", id: "com.example.app", version: "1", shortVersion: "1.0")
            .plist("Example.app/embedded.mobileprovision", .dictionary(profile))
    }

    static func configuration(_ distribution: RuleConfiguration.Distribution) -> RuleConfiguration {
        RuleConfiguration(distribution: distribution)
    }
}

extension ProfileCheck {
    /// A duration in seconds as whole days (`1 day`, `12 days`, `less than a day`).
    static func days(_ seconds: Double) -> String {
        let d = Int((seconds / 86_400).rounded(.down))
        return d < 1 ? "less than a day" : d == 1 ? "1 day" : "\(d) days"
    }
}

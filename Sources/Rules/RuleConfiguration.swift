/// The settings rules run with: severities, disabled rules, version policy, reference
/// language and the baseline of accepted findings. A pure value; `.bundlediff.yml` is
/// loaded into it by BundleDiffKit.
public struct RuleConfiguration: Sendable, Hashable {
    /// How `CFBundleVersion` must grow.
    public enum VersionPolicy: String, Sendable, Hashable, CaseIterable {
        /// Every build is higher than every build recorded before it (macOS).
        case strict
        /// The build must be new within its `CFBundleShortVersionString`; a higher short
        /// version may reset the build number (iOS, tvOS, watchOS, visionOS).
        case train
        /// `strict` for macOS bundles (`Contents/` layout), `train` for the others.
        case automatic
    }

    public var severities: [RuleID: Severity]
    public var disabled: Set<RuleID>
    public var versionPolicy: VersionPolicy
    /// The language every other is compared with; nil: as `LanguageCode.reference`
    /// chooses (the bundle's `CFBundleDevelopmentRegion`, else `Base`, else `en`).
    public var referenceLanguage: String?
    /// Whether nested frameworks must carry the app's versions too.
    public var checkFrameworkVersions: Bool
    /// Fingerprints of accepted findings (the baseline).
    public var acceptedFingerprints: Set<String>
    /// What the builds are meant for (`distribution:`): the profile rules judge the
    /// profile's kind, `get-task-allow`, the push environment and device lists against it.
    public var distribution: Distribution
    /// A profile expiring within this many days of the report date is a warning
    /// (`profile_expiry_days:`, default 30).
    public var profileExpiryDays: Int

    public init(severities: [RuleID: Severity] = [:], disabled: Set<RuleID> = [],
                versionPolicy: VersionPolicy = .automatic, referenceLanguage: String? = nil,
                checkFrameworkVersions: Bool = false, acceptedFingerprints: Set<String> = [],
                distribution: Distribution = .none, profileExpiryDays: Int = 30) {
        self.severities = severities
        self.disabled = disabled
        self.versionPolicy = versionPolicy
        self.referenceLanguage = referenceLanguage
        self.checkFrameworkVersions = checkFrameworkVersions
        self.acceptedFingerprints = acceptedFingerprints
        self.distribution = distribution
        self.profileExpiryDays = profileExpiryDays
    }

    /// Whether the builds may be uploaded to App Store Connect: their distribution is the App
    /// Store, or not said. A Developer ID, ad hoc or enterprise build never is, so App Store
    /// Connect's own refusals (ITMS-…) cannot happen to it.
    public var mayBeUploaded: Bool { distribution == .appStore || distribution == .none }

    /// The severity findings of `rule` get.
    public func severity(of rule: RuleID) -> Severity {
        severities[rule] ?? rule.description.defaultSeverity
    }

    public func isEnabled(_ rule: RuleID) -> Bool { !disabled.contains(rule) }
}

extension RuleConfiguration {
    /// What the builds judged with this configuration are meant for; the profile rules
    /// that depend on it stay silent for `none` (the default: a build is not assumed to be
    /// headed anywhere).
    public enum Distribution: String, Sendable, Hashable, CaseIterable {
        case appStore = "app-store"
        case adHoc = "ad-hoc"
        case enterprise
        case developerID = "developer-id"
        case none
    }
}

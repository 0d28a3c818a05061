/// What a provisioning profile says, as plain facts: its kind, dates, team, app id and
/// entitlements (from the plist inside `embedded.mobileprovision` /
/// `embedded.provisionprofile`). Judgments (expired, wrong kind for the build) are rules.
public struct ProvisioningProfileModel: Hashable, Sendable {
    /// How a profile distributes, from the keys Apple writes (as Xcode and fastlane tell them apart).
    public enum Kind: String, Hashable, Sendable {
        /// Device list and `get-task-allow`: debugging on registered devices.
        case development
        /// Device list, no `get-task-allow`: registered devices only.
        case adHoc = "ad-hoc"
        /// No device list, not for all devices: App Store and TestFlight.
        case appStore = "app-store"
        /// `ProvisionsAllDevices` on iOS: in-house distribution.
        case enterprise
        /// `ProvisionsAllDevices` on macOS: Developer ID, outside the Mac App Store.
        case developerID = "developer-id"
    }

    public var name: String?
    public var teamIdentifiers: [String]
    /// `ApplicationIdentifierPrefix`: the prefixes (team or legacy seed ids) app ids may use.
    public var appIDPrefixes: [String]
    /// `Platform`: `iOS`, `OSX`, `tvOS`, `xrOS`, `watchOS`.
    public var platforms: [String]
    /// Seconds since 2001-01-01T00:00:00Z.
    public var creationDate: Double?
    public var expirationDate: Double?
    public var entitlements: PlistDictionary
    /// `ProvisionedDevices`, nil when the key is absent.
    public var provisionedDevices: [String]?
    public var provisionsAllDevices: Bool

    /// Reads the decoded profile plist; nil when it is not a dictionary.
    public init?(_ root: PlistValue) {
        guard let d = root.dictionaryValue else { return nil }
        name = d["Name"]?.stringValue
        teamIdentifiers = d["TeamIdentifier"]?.arrayValue?.compactMap(\.stringValue) ?? []
        appIDPrefixes = d["ApplicationIdentifierPrefix"]?.arrayValue?.compactMap(\.stringValue) ?? []
        platforms = d["Platform"]?.arrayValue?.compactMap(\.stringValue) ?? []
        if case .date(let t)? = d["CreationDate"] { creationDate = t }
        if case .date(let t)? = d["ExpirationDate"] { expirationDate = t }
        entitlements = d["Entitlements"]?.dictionaryValue ?? PlistDictionary()
        provisionedDevices = d["ProvisionedDevices"]?.arrayValue.map { $0.compactMap(\.stringValue) }
        provisionsAllDevices = d["ProvisionsAllDevices"] == .boolean(true)
    }

    public var kind: Kind {
        if provisionsAllDevices { return platforms.contains("OSX") ? .developerID : .enterprise }
        if provisionedDevices != nil { return getTaskAllow ? .development : .adHoc }
        return .appStore
    }

    /// `application-identifier` (iOS family) or `com.apple.application-identifier` (macOS).
    public var applicationIdentifier: String? {
        (entitlements["application-identifier"] ?? entitlements["com.apple.application-identifier"])?.stringValue
    }

    /// The application identifier's prefix (before the first dot).
    public var appIDPrefix: String? {
        guard let id = applicationIdentifier, let dot = id.firstIndex(of: ".") else { return nil }
        return String(id[..<dot])
    }

    /// The bundle-id part of the application identifier (`com.example.*`).
    public var bundleIDPattern: String? {
        guard let id = applicationIdentifier, let dot = id.firstIndex(of: ".") else { return nil }
        return String(id[id.index(after: dot)...])
    }

    /// Whether the profile's app id covers `bundleID`: equal, or a trailing `*` wildcard
    /// (`*` alone covers every id). Case is ignored, as the developer portal ignores it.
    public func covers(bundleID: String) -> Bool {
        guard let pattern = bundleIDPattern?.lowercased() else { return false }
        let id = bundleID.lowercased()
        if pattern.hasSuffix("*") { return id.hasPrefix(pattern.dropLast()) }
        return id == pattern
    }

    /// `get-task-allow` (iOS family) or `com.apple.security.get-task-allow` (macOS) is true.
    public var getTaskAllow: Bool {
        entitlements["get-task-allow"] == .boolean(true) || entitlements["com.apple.security.get-task-allow"] == .boolean(true)
    }

    /// `aps-environment` (iOS family) or `com.apple.developer.aps-environment` (macOS).
    public var pushEnvironment: String? {
        (entitlements["aps-environment"] ?? entitlements["com.apple.developer.aps-environment"])?.stringValue
    }

    /// Seconds since 1970 of `ExpirationDate`.
    public var expirationUnixTime: Double? { expirationDate.map { $0 + 978_307_200 } }
}

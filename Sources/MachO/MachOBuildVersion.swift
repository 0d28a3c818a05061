/// A minimum OS and SDK: from `LC_BUILD_VERSION` or from an older `LC_VERSION_MIN_*`.
/// A zippered (Mac Catalyst) binary has two: macOS and macCatalyst.
public struct MachOBuildVersion: Hashable, Sendable {
    /// The platform (for `LC_VERSION_MIN_*`: macOS, iOS, tvOS or watchOS).
    public var platform: MachOPlatform
    /// The minimum OS version.
    public var minimumOS: MachOVersion
    /// The SDK the binary was built with.
    public var sdk: MachOVersion
    /// True when it came from `LC_VERSION_MIN_*` rather than `LC_BUILD_VERSION`.
    public var isVersionMin: Bool

    /// A build version with the given facts.
    public init(platform: MachOPlatform, minimumOS: MachOVersion, sdk: MachOVersion, isVersionMin: Bool = false) {
        self.platform = platform
        self.minimumOS = minimumOS
        self.sdk = sdk
        self.isVersionMin = isVersionMin
    }
}

/// A build recorded earlier for the same app and channel: the version-rule baseline.
public struct RecordedVersion: Sendable, Hashable {
    /// `CFBundleShortVersionString`, if the build had one.
    public var shortVersion: String?
    /// `CFBundleVersion`.
    public var build: String

    public init(shortVersion: String?, build: String) {
        self.shortVersion = shortVersion
        self.build = build
    }
}

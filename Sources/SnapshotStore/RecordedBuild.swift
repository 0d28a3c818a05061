/// A build recorded in the history: what its commit message says about it.
public struct RecordedBuild: Sendable, Hashable {
    /// What a recorded snapshot is.
    public enum Kind: String, Sendable, Hashable {
        /// A build (an app bundle, archive, framework): every commit without a
        /// `Bundlediff-Kind` trailer.
        case build
        /// An app's data container (`snapshot --container`), on `refs/heads/<app>/+container-<channel>`.
        case container
    }

    /// The commit id (40 hex digits).
    public var commit: String
    public var bundleId: String
    public var channel: String
    public var shortVersion: String?
    public var build: String?
    public var platform: String?
    /// The file name the build was read from.
    public var source: String
    public var label: String?
    /// Seconds since 1970 (UTC): the commit time.
    public var recordedAt: Int64
    public var toolVersion: String?
    /// Number of files.
    public var files: Int
    /// Total bytes of all files.
    public var bytes: UInt64
    /// Tags naming this commit (short names), sorted.
    public var tags: [String]
    /// A build or a data container. For a container, `shortVersion` and `build` name the
    /// app build it belongs to, when known.
    public var kind: Kind = .build

    /// Whether this is an app's data container, not a build.
    public var isContainer: Bool { kind == .container }

    /// The first 10 hex digits of the commit, for listings.
    public var shortCommit: String { String(commit.prefix(10)) }
}

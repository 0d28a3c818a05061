/// A build recorded in the history: what its commit message says about it.
public struct RecordedBuild: Sendable, Hashable {
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

    /// The first 10 hex digits of the commit, for listings.
    public var shortCommit: String { String(commit.prefix(10)) }
}

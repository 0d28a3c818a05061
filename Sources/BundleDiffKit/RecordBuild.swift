import BundleModel
import SnapshotStore
import TextSafety

/// `bundlediff snapshot`: reads a build and records it as one commit in the history.
public struct RecordBuild {
    public var buildPath: String
    public var repositoryPath: String
    public var options: RecordOptions

    public init(buildPath: String, repositoryPath: String, options: RecordOptions) {
        self.buildPath = buildPath
        self.repositoryPath = repositoryPath
        self.options = options
    }

    /// Reads the whole build first (nothing is written when it is bad), then records it.
    public func run(progress: (@Sendable (_ done: UInt64, _ total: UInt64) -> Void)? = nil)
        throws(UserFacingError) -> RecordResult {
        let snapshot = try BuildLoader.read(buildPath, progress: progress)
        let store = try History.open(repositoryPath, create: true)
        return try History.run { () throws(StoreError) in try store.record(snapshot, options: options) }
    }

    /// The lines `snapshot` prints: app, version, build, files, bytes, commit, refs
    /// (hidden characters escaped).
    public static func describe(_ result: RecordResult) -> [String] {
        let b = result.build
        var lines = [
            (result.wasAlreadyRecorded ? "already recorded: " : "recorded: ")
                + "\(b.bundleId) \(b.shortVersion ?? "-") (\(b.build ?? "-"))",
            "  platform: \(b.platform ?? "unknown")",
            "  source:   \(b.source)",
            "  files:    \(b.files)",
            "  bytes:    \(b.bytes)",
            "  commit:   \(b.commit)",
            "  ref:      \(result.ref)",
        ]
        if let label = b.label { lines.append("  label:    \(label)") }
        if !b.tags.isEmpty { lines.append("  tags:     \(b.tags.joined(separator: ", "))") }
        if result.versionTagCollided, let tag = result.versionTag {
            lines.append("  note: this version and build was recorded before with other content; tagged \(tag)")
        }
        if result.retries > 0 {
            lines.append("  note: moved the branch after \(result.retries) lost races (other recordings landed first)")
        }
        if result.wasAlreadyRecorded {
            lines.append("  note: the tip of \(b.channel) holds this exact build; use --allow-duplicate to record it again")
        }
        return VisibleText.escapeLines(lines)
    }
}

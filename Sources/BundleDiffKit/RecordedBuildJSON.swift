import SnapshotStore
import TextSafety

/// A recorded build as `log --format json` and `snapshot --format json` print it.
public struct RecordedBuildJSON: Encodable, Sendable {
    public var commit: String
    public var app: String
    public var channel: String
    public var shortVersion: String?
    public var build: String?
    public var platform: String?
    public var source: String
    public var label: String?
    public var recordedAt: String
    public var toolVersion: String?
    public var files: Int
    public var bytes: UInt64
    public var tags: [String]
    /// Only for `snapshot`: true when nothing new was written.
    public var alreadyRecorded: Bool?
    /// `container` for an app's data container (its version and build are those of the
    /// app build it belongs to); absent for builds.
    public var kind: String?

    public init(_ b: RecordedBuild, alreadyRecorded: Bool? = nil) {
        commit = b.commit
        app = b.bundleId
        channel = b.channel
        shortVersion = b.shortVersion
        build = b.build
        platform = b.platform
        source = b.source
        label = b.label
        recordedAt = Timestamp.format(b.recordedAt)
        toolVersion = b.toolVersion
        files = b.files
        bytes = b.bytes
        tags = b.tags
        self.alreadyRecorded = alreadyRecorded
        kind = b.isContainer ? b.kind.rawValue : nil
    }

    /// One line of `log`: commit, time, app, version (build), channel, label, tags, with
    /// hidden characters escaped.
    public var line: String {
        var text = "\(commit.prefix(10))  \(recordedAt)  \(app) "
        if kind == nil {
            text += "\(shortVersion ?? "-") (\(build ?? "-"))  [\(channel)]"
        } else {
            let of = shortVersion == nil && build == nil ? "unknown" : "\(shortVersion ?? "-") (\(build ?? "-"))"
            text += "data container (app build \(of))  [\(channel)]"
        }
        if let label { text += "  \(label)" }
        if !tags.isEmpty { text += "  tags: \(tags.joined(separator: ", "))" }
        return VisibleText.escape(text)
    }
}

import BundleModel
import FoundationEssentials
import PropertyLists
import SnapshotStore
import TextSafety

/// What `show` prints about one recorded build: identity, and per bundle its versions,
/// localizations and file counts.
public struct BuildDescription: Encodable, Sendable {
    public struct Bundle: Encodable, Sendable {
        public var path: String
        public var kind: String
        public var identifier: String?
        public var shortVersion: String?
        public var version: String?
        public var platform: String?
        public var parent: String?
        public var localizations: [String]
        /// Files inside this bundle but not inside a bundle nested in it.
        public var files: Int
        public var bytes: UInt64
        public var undecodablePlists: [String]
    }

    /// The recorded build's identity (as `log` prints it).
    public var build: RecordedBuildJSON
    public var files: Int
    public var bytes: UInt64
    public var bundles: [Bundle]
    /// For an `.xcarchive`: the archive's own Info.plist (name, scheme, creation date, versions).
    public var archive: [String: String]?
    /// For an app's data container: how it was laid out on disk (`simulator`, `xcappdata`, `folder`).
    public var containerLayout: String?

    public init(build b: RecordedBuild, snapshot: BuildSnapshot) {
        build = RecordedBuildJSON(b)
        files = snapshot.fileCount
        bytes = snapshot.totalBytes
        bundles = snapshot.bundles.sorted { $0.path < $1.path }.map { Self.describe($0, in: snapshot) }
        archive = snapshot.sourceKind == .xcarchive ? Self.archiveMetadata(snapshot) : nil
        containerLayout = snapshot.container?.layout.rawValue
    }

    private static func describe(_ info: BundleInfo, in snapshot: BuildSnapshot) -> Bundle {
        let nested = snapshot.bundles.map(\.path).filter { $0 != info.path && $0.isWithin(info.path) }
        let own = snapshot.entries.filter { e in
            e.kind == .file && e.path.isWithin(info.path) && !nested.contains { e.path.isWithin($0) }
        }
        let undecodable = snapshot.plists.filter { p in
            if case .undecodable = p.value { return p.key.isWithin(info.path) && !nested.contains { p.key.isWithin($0) } }
            return false
        }
        return Bundle(path: info.path.description, kind: info.kind.rawValue, identifier: info.identifier,
                      shortVersion: info.shortVersion, version: info.version, platform: info.platform,
                      parent: info.parentPath?.description, localizations: info.localizations, files: own.count,
                      bytes: own.reduce(0) { $0 + $1.size }, undecodablePlists: undecodable.keys.sorted().map(\.description))
    }

    /// `text` without the line breaks at either end (LF, VT, FF, CR, NEL, LS, PS).
    private static func trimmingLineBreaks(_ text: String) -> String {
        let isBreak: (Unicode.Scalar) -> Bool = { (0x0A...0x0D).contains($0.value) || [0x85, 0x2028, 0x2029].contains($0.value) }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isBreak($0) }), let last = scalars.lastIndex(where: { !isBreak($0) }) else { return "" }
        return String(scalars[first...last])
    }

    private static func archiveMetadata(_ snapshot: BuildSnapshot) -> [String: String]? {
        guard case .dictionary(let info)? = snapshot.plists[BundlePath("Info.plist")]?.document?.root else { return nil }
        var out: [String: String] = [:]
        for key in ["Name", "SchemeName", "CreationDate", "ArchiveVersion"] {
            if let value = info[key] { out[key] = trimmingLineBreaks(PlistValueText.render(value)) }
        }
        if case .dictionary(let app)? = info["ApplicationProperties"] {
            for key in ["CFBundleIdentifier", "CFBundleShortVersionString", "CFBundleVersion", "SigningIdentity", "Team"] {
                if let value = app[key] { out[key] = trimmingLineBreaks(PlistValueText.render(value)) }
            }
        }
        return out
    }

    /// The text form, every line with hidden characters escaped.
    public var text: String {
        let b = build
        let container = b.kind != nil
        var lines = [
            container ? "data container of \(b.app) (\(containerLayout ?? "unknown") layout)"
                : "\(b.app) \(b.shortVersion ?? "-") (\(b.build ?? "-"))",
            "  commit:      \(b.commit)",
            "  channel:     \(b.channel)",
            container ? "  app build:   " + (b.shortVersion == nil && b.build == nil ? "unknown"
                                           : "\(b.shortVersion ?? "-") (\(b.build ?? "-"))")
                : "  platform:    \(b.platform ?? "unknown")",
            "  source:      \(b.source)",
            "  recorded at: \(b.recordedAt)",
        ]
        if let label = b.label { lines.append("  label:       \(label)") }
        if !b.tags.isEmpty { lines.append("  tags:        \(b.tags.joined(separator: ", "))") }
        lines.append("  files:       \(files) (\(bytes) bytes)")
        for (key, value) in (archive ?? [:]).sorted(by: { $0.key < $1.key }) { lines.append("  archive \(key): \(value)") }
        guard !container || !bundles.isEmpty else { return VisibleText.escapeLines(lines).joined(separator: "\n") + "\n" }
        lines.append("")
        lines.append("BUNDLES")
        for b in bundles {
            lines.append("  \(b.path) [\(b.kind)] \(b.identifier ?? "(no identifier)") "
                         + "\(b.shortVersion ?? "-") (\(b.version ?? "-")): \(b.files) files, \(b.bytes) bytes")
            if !b.localizations.isEmpty { lines.append("    localizations: \(b.localizations.joined(separator: ", "))") }
            for p in b.undecodablePlists { lines.append("    undecodable: \(p)") }
        }
        return VisibleText.escapeLines(lines).joined(separator: "\n") + "\n"
    }
}

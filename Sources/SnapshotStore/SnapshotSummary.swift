import BundleModel
import TextSafety

/// `bundlediff.json`: the content-derived summary at the root of every recorded tree
/// (format version, source kind, bundles, file count, bytes; for a data container, its app
/// and layout). It never holds the
/// recording time, label or source file name, so identical builds give identical trees.
///
/// Paths are JSON strings when they are valid UTF-8, else `{"hex": "<lowercase hex>"}`.
enum SnapshotSummary {
    static let fileName = "bundlediff.json"

    static func render(_ snapshot: BuildSnapshot, files: Int, bytes: UInt64) -> String {
        let own = ownSizes(snapshot)
        let bundles = snapshot.bundles.map { b -> JSONValue in
            .object([
                "path": path(b.path), "kind": .string(b.kind.rawValue), "layout": .string(b.layout.rawValue),
                "infoPlist": path(b.infoPlistPath), "resources": path(b.resourcesPath),
                "parent": b.parentPath.map(path) ?? .null, "identifier": .optional(b.identifier),
                "shortVersion": .optional(b.shortVersion), "version": .optional(b.version),
                "platform": .optional(b.platform), "executable": .optional(b.executable),
                "localizations": .array(b.localizations.map(JSONValue.string)),
                "own": own[b.path].map { .object(["files": .int($0.files), "bytes": .int($0.bytes)]) } ?? .null,
                "developmentRegion": .optional(developmentRegion(of: b, in: snapshot)),
            ])
        }
        var fields: [String: JSONValue] = [
            "format": .int(1), "source": .string(snapshot.sourceKind.rawValue),
            "bundles": .array(bundles), "files": .int(files), "bytes": .int(bytes),
        ]
        // Only data containers have this key, so the trees of builds are unchanged.
        if let container = snapshot.container {
            fields["container"] = .object(["app": .string(container.appIdentifier),
                                           "layout": .string(container.layout.rawValue)])
        }
        return JSONValue.object(fields).rendered
    }

    /// Each bundle's own size: the regular files below its folder that no bundle nested in
    /// it holds (`InnermostBundleCache` decides, as for a comparison's bundle summary and
    /// `HistoryTimeline.ownSizes`). A bundle whose folder is not an entry of the build is
    /// left out.
    static func ownSizes(_ snapshot: BuildSnapshot) -> [BundlePath: FolderSize] {
        let paths = Set(snapshot.bundles.map(\.path))
        var own: [BundlePath: FolderSize] = [:]
        for entry in snapshot.entries where entry.kind == .directory && paths.contains(entry.path) {
            own[entry.path] = FolderSize(files: 0, bytes: 0)
        }
        if paths.contains(.root) { own[.root] = FolderSize(files: 0, bytes: 0) }
        var owners = InnermostBundleCache(bundles: paths)
        for entry in snapshot.entries where entry.kind == .file && !entry.path.isRoot {
            guard let owner = owners.innermost(entry.path.parent), own[owner] != nil else { continue }
            own[owner]?.add(FolderSize(files: 1, bytes: entry.size))
        }
        return own
    }

    /// A bundle's `CFBundleDevelopmentRegion` as its stored Info.plist says it (what a
    /// query decoding that plist from `plists/` finds).
    static func developmentRegion(of bundle: BundleInfo, in snapshot: BuildSnapshot) -> String? {
        snapshot.plists[bundle.infoPlistPath]?.document?.root["CFBundleDevelopmentRegion"]?.stringValue
    }

    /// What a stored summary says.
    struct Parsed: Equatable {
        var source: BuildSnapshot.SourceKind
        var bundles: [BundleInfo]
        /// Each bundle's own size by path, when the summary records them (every bundle has
        /// an `own` key; those whose folder was not recorded hold null): nil for summaries
        /// written by earlier versions, whose sizes are summed from the tree instead.
        var ownSizes: [BundlePath: FolderSize]?
        /// Each bundle's development region by path (bundles without one left out), when
        /// the summary records them (every bundle has a `developmentRegion` key); nil for
        /// earlier summaries, whose Info.plist is decoded instead.
        var developmentRegions: [BundlePath: String]?
        /// Present for data containers (`source` is `container`).
        var container: ContainerInfo?
    }

    private static func path(_ p: BundlePath) -> JSONValue {
        let text = String(decoding: p.bytes, as: UTF8.self)
        if Array(text.utf8) == p.bytes { return .string(text) }
        return .object(["hex": .string(Hex.encode(p.bytes))])
    }

    /// The source kind and bundles of a stored summary; nil with a reason when malformed.
    /// A summary as bundlediff writes it is read directly (`SummaryDirectReader`); any
    /// other text goes through a tree of JSON nodes (`tree(_:)`), which decides.
    static func parse(_ bytes: [UInt8]) -> Result<Parsed, SummaryProblem> {
        if let direct = SummaryDirectReader.read(bytes) { return .success(direct) }
        return tree(bytes)
    }

    /// `parse` through a tree of JSON nodes.
    static func tree(_ bytes: [UInt8]) -> Result<Parsed, SummaryProblem> {
        guard case .success(let object) = JSONReader.parse(bytes), case .object = object else {
            return .failure(SummaryProblem("is not a JSON object"))
        }
        guard object["format"]?.int == 1 else { return .failure(SummaryProblem("has an unknown format")) }
        guard let source = object["source"]?.string.flatMap(BuildSnapshot.SourceKind.init) else {
            return .failure(SummaryProblem("has an unknown source kind"))
        }
        var bundles: [BundleInfo] = []
        var ownSizes: [BundlePath: FolderSize]? = [:]
        var regions: [BundlePath: String]? = [:]
        for item in object["bundles"]?.array ?? [] {
            guard let bundle = bundle(item) else { return .failure(SummaryProblem("has a malformed bundle")) }
            bundles.append(bundle)
            switch item["own"] {
            case nil: ownSizes = nil
            case .null?: break
            case let own?:
                guard let files = own["files"]?.int, files >= 0, let bytes = own["bytes"]?.uint64 else {
                    return .failure(SummaryProblem("has a malformed bundle size"))
                }
                ownSizes?[bundle.path] = FolderSize(files: files, bytes: bytes)
            }
            switch item["developmentRegion"] {
            case nil: regions = nil
            case .null?: break
            case .string(let region)?: regions?[bundle.path] = region
            case _?: return .failure(SummaryProblem("has a malformed development region"))
            }
        }
        var container: ContainerInfo?
        if source == .container {
            guard let c = object["container"], let app = c["app"]?.string, !app.isEmpty,
                  let layout = c["layout"]?.string.flatMap(ContainerInfo.Layout.init) else {
                return .failure(SummaryProblem("is a data container without a valid \"container\" object"))
            }
            container = ContainerInfo(appIdentifier: app, layout: layout)
        }
        return .success(Parsed(source: source, bundles: bundles, ownSizes: ownSizes, developmentRegions: regions,
                              container: container))
    }

    private static func bundle(_ b: JSONNode) -> BundleInfo? {
        guard let p = path(b["path"]), let kind = b["kind"]?.string.flatMap(BundleInfo.Kind.init),
              let layout = b["layout"]?.string.flatMap(BundleInfo.Layout.init),
              let info = path(b["infoPlist"]), let resources = path(b["resources"]) else { return nil }
        let parentValue = b["parent"] ?? .null
        let parent = parentValue.isNull ? nil : path(parentValue)
        if !parentValue.isNull, parent == nil { return nil }
        return BundleInfo(path: p, kind: kind, layout: layout, infoPlistPath: info, resourcesPath: resources,
                          parentPath: parent, identifier: b["identifier"]?.string,
                          shortVersion: b["shortVersion"]?.string, version: b["version"]?.string,
                          platform: b["platform"]?.string, executable: b["executable"]?.string,
                          localizations: localizations(b["localizations"]))
    }

    /// A bundle's languages: an array of strings, else none (as an absent key).
    private static func localizations(_ value: JSONNode?) -> [String] {
        guard let items = value?.array else { return [] }
        var out: [String] = []
        for item in items {
            guard let text = item.string else { return [] }
            out.append(text)
        }
        return out
    }

    private static func path(_ value: JSONNode?) -> BundlePath? {
        if let text = value?.string { return BundlePath(text) }
        guard let hex = value?["hex"]?.string, let bytes = Hex.decode(hex) else { return nil }
        return BundlePath(bytes: bytes)
    }
}

/// Why a stored summary could not be read.
struct SummaryProblem: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

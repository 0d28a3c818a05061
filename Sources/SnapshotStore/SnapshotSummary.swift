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
        let bundles = snapshot.bundles.map { b -> JSONValue in
            .object([
                "path": path(b.path), "kind": .string(b.kind.rawValue), "layout": .string(b.layout.rawValue),
                "infoPlist": path(b.infoPlistPath), "resources": path(b.resourcesPath),
                "parent": b.parentPath.map(path) ?? .null, "identifier": .optional(b.identifier),
                "shortVersion": .optional(b.shortVersion), "version": .optional(b.version),
                "platform": .optional(b.platform), "executable": .optional(b.executable),
                "localizations": .array(b.localizations.map(JSONValue.string)),
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

    /// What a stored summary says.
    struct Parsed {
        var source: BuildSnapshot.SourceKind
        var bundles: [BundleInfo]
        /// Present for data containers (`source` is `container`).
        var container: ContainerInfo?
    }

    private static func path(_ p: BundlePath) -> JSONValue {
        let text = String(decoding: p.bytes, as: UTF8.self)
        if Array(text.utf8) == p.bytes { return .string(text) }
        return .object(["hex": .string(Hex.encode(p.bytes))])
    }

    /// The source kind and bundles of a stored summary; nil with a reason when malformed.
    static func parse(_ bytes: [UInt8]) -> Result<Parsed, SummaryProblem> {
        guard case .success(let object) = JSONReader.parse(bytes), case .object = object else {
            return .failure(SummaryProblem("is not a JSON object"))
        }
        guard object["format"]?.int == 1 else { return .failure(SummaryProblem("has an unknown format")) }
        guard let source = object["source"]?.string.flatMap(BuildSnapshot.SourceKind.init) else {
            return .failure(SummaryProblem("has an unknown source kind"))
        }
        var bundles: [BundleInfo] = []
        for item in object["bundles"]?.array ?? [] {
            guard let bundle = bundle(item) else { return .failure(SummaryProblem("has a malformed bundle")) }
            bundles.append(bundle)
        }
        var container: ContainerInfo?
        if source == .container {
            guard let c = object["container"], let app = c["app"]?.string, !app.isEmpty,
                  let layout = c["layout"]?.string.flatMap(ContainerInfo.Layout.init) else {
                return .failure(SummaryProblem("is a data container without a valid \"container\" object"))
            }
            container = ContainerInfo(appIdentifier: app, layout: layout)
        }
        return .success(Parsed(source: source, bundles: bundles, container: container))
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

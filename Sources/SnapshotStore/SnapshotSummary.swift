import BundleModel
import Foundation

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
        return .object(["hex": .string(TreeNameEscaping.hexDigits(p.bytes))])
    }

    /// The source kind and bundles of a stored summary; nil with a reason when malformed.
    static func parse(_ bytes: [UInt8]) -> Result<Parsed, SummaryProblem> {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            return .failure(SummaryProblem("is not a JSON object"))
        }
        guard (object["format"] as? Int) == 1 else { return .failure(SummaryProblem("has an unknown format")) }
        guard let sourceText = object["source"] as? String,
              let source = BuildSnapshot.SourceKind(rawValue: sourceText) else {
            return .failure(SummaryProblem("has an unknown source kind"))
        }
        var bundles: [BundleInfo] = []
        for item in object["bundles"] as? [Any] ?? [] {
            guard let b = item as? [String: Any], let bundle = bundle(b) else {
                return .failure(SummaryProblem("has a malformed bundle"))
            }
            bundles.append(bundle)
        }
        var container: ContainerInfo?
        if source == .container {
            guard let c = object["container"] as? [String: Any], let app = c["app"] as? String, !app.isEmpty,
                  let layout = (c["layout"] as? String).flatMap(ContainerInfo.Layout.init) else {
                return .failure(SummaryProblem("is a data container without a valid \"container\" object"))
            }
            container = ContainerInfo(appIdentifier: app, layout: layout)
        }
        return .success(Parsed(source: source, bundles: bundles, container: container))
    }

    private static func bundle(_ b: [String: Any]) -> BundleInfo? {
        guard let p = path(b["path"]), let kind = (b["kind"] as? String).flatMap(BundleInfo.Kind.init),
              let layout = (b["layout"] as? String).flatMap(BundleInfo.Layout.init),
              let info = path(b["infoPlist"]), let resources = path(b["resources"]) else { return nil }
        let parent = b["parent"] is NSNull || b["parent"] == nil ? nil : path(b["parent"])
        if !(b["parent"] is NSNull || b["parent"] == nil), parent == nil { return nil }
        return BundleInfo(path: p, kind: kind, layout: layout, infoPlistPath: info, resourcesPath: resources,
                          parentPath: parent, identifier: b["identifier"] as? String,
                          shortVersion: b["shortVersion"] as? String, version: b["version"] as? String,
                          platform: b["platform"] as? String, executable: b["executable"] as? String,
                          localizations: b["localizations"] as? [String] ?? [])
    }

    private static func path(_ value: Any?) -> BundlePath? {
        if let text = value as? String { return BundlePath(text) }
        guard let hex = (value as? [String: Any])?["hex"] as? String else { return nil }
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        var i = 0
        while i < digits.count {
            guard let hi = TreeNameEscaping.nibble(digits[i]), let lo = TreeNameEscaping.nibble(digits[i + 1]) else { return nil }
            out.append(hi << 4 | lo)
            i += 2
        }
        return BundlePath(bytes: out)
    }
}

/// Why a stored summary could not be read.
struct SummaryProblem: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

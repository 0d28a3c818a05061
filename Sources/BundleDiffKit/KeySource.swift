import BundleModel
import PropertyLists
import SnapshotStore
import TextSafety

/// Where `history key` reads a key in each build: a property list (`--file`), a bundle's
/// Info.plist (`--bundle`, else the main bundle), or a language's string tables
/// (`--language`: every `.strings` and `.stringsdict` file of that bundle's `<lang>.lproj`,
/// by file name; the first that has the key wins).
struct KeySource {
    var bundle: String?
    var file: String?
    var language: String?

    /// The title's "in …" part.
    var place: String {
        let owner = bundle ?? "the main bundle"
        if let file { return file }
        if let language { return "the \(language) strings of \(owner)" }
        return bundle.map { "the Info.plist of \($0)" } ?? "the main Info.plist"
    }

    /// What a build holds for this source: the plist or the `.lproj` folder, and its path;
    /// nil when the build lacks it.
    func locate(in b: TimelineBuild, _ timeline: HistoryTimeline) throws(StoreError) -> (StoredObject, BundlePath)? {
        let path: BundlePath
        if let file {
            path = BundlePath(file)
        } else {
            let bundles = try timeline.bundles(in: b)
            let info = bundle.map { id in bundles.first { $0.identifier == id || $0.path.description == id } }
                ?? HistoryQuery.mainBundle(bundles)
            guard let info else { return nil }
            path = language.map { info.resourcesPath.appending($0 + ".lproj") } ?? info.infoPlistPath
        }
        return try timeline.object(at: path, in: b, area: .plists).map { ($0, path) }
    }

    /// The value at `keyPath` in what `locate` found, and the plist it came from.
    func value(_ keyPath: KeyPath, in object: StoredObject, at path: BundlePath, _ timeline: HistoryTimeline)
        throws(StoreError) -> (PlistValue?, BundlePath) {
        guard language != nil else {
            return (try timeline.plist(object).document.flatMap { keyPath.value(in: $0.root) }, path)
        }
        let tables = try timeline.children(of: object).filter { entry in
            let name = String(decoding: entry.name, as: UTF8.self)
            return entry.object.kind == .file && (name.hasSuffix(".strings") || name.hasSuffix(".stringsdict"))
        }.sorted { $0.name.lexicographicallyPrecedes($1.name) }
        for table in tables {
            if let value = try timeline.plist(table.object).document.flatMap({ keyPath.value(in: $0.root) }) {
                return (value, path.appending(table.name))
            }
        }
        return (nil, path)
    }

    /// The error when no build has the source at all.
    func absentEverywhere(app: String) -> UserFacingError {
        if let file { return UserFacingError("\(file): not a recorded property list in any build of \(app)") }
        if let language {
            return UserFacingError("no \(language).lproj in \(bundle ?? "the main bundle") in any recorded build of \(app)")
        }
        if let bundle { return UserFacingError("no bundle \(VisibleText.quoted(bundle)) in any recorded build of \(app)") }
        return UserFacingError("no recorded build of \(app) has a main Info.plist")
    }
}

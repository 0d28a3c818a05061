import BundleModel
import PropertyLists
import Reporters
import SnapshotStore
import TextSafety

extension HistoryQuery {
    /// The builds where one key's value changed: the first build where it appeared, every
    /// change, and the build where it disappeared. A plist is decoded only when its
    /// stored blob differs from the previous build's.
    func keyHistory(_ key: String, source: KeySource) throws(UserFacingError) -> HistoryTable {
        guard let keyPath = KeyPath(parsing: key) else {
            throw UserFacingError("\(VisibleText.quoted(key)): not a valid key path (e.g. CFBundleVersion, UIDeviceFamily[0], "
                                  + "NSExtension.NSExtensionAttributes, \"Odd.key\".child)")
        }
        var t = table("key", "\(keyPath) in \(source.place) of \(timeline.app) on \(timeline.channel)", [
            .init("change", "change"), .init("value", "value"), .init("plist", "plist"),
        ])
        var previousObject: StoredObject?
        var previous: PlistValue?
        var sawSource = false
        let locations = timeline.cache("keysource", query: source.cacheQuery)
        let values = timeline.cache("keyvalue", query: key + "\t" + source.cacheQuery)
        for b in builds {
            guard let (object, path) = try read({ () throws(StoreError) in try source.locate(in: b, timeline, locations) }) else {
                previousObject = nil
                if previous != nil { t.rows.append(Self.buildCells(b) + [.text("removed"), .none, .none]) }
                previous = nil
                continue
            }
            sawSource = true
            if previousObject == object { continue }
            previousObject = object
            let (value, origin) = try read { () throws(StoreError) in
                try source.value(keyPath, in: object, at: path, timeline, values)
            }
            defer { previous = value }
            let change: String
            switch (previous, value) {
            case (nil, nil): continue
            case (nil, .some): change = "appeared"
            case (.some, nil): change = "removed"
            case (.some(let old), .some(let new)): if old == new { continue }; change = "changed"
            }
            t.rows.append(Self.buildCells(b) + [.text(change), value.map { .text(PlistValueLine.render($0)) } ?? .none,
                                                .text(origin.description)])
        }
        if !builds.isEmpty && !sawSource { throw source.absentEverywhere(app: timeline.app) }
        if builds.count > 0 && t.rows.isEmpty {
            t.notes.append("\(keyPath) is in no build" + (keyPath.segments.count > 1
                ? " (a key that holds dots is written in quotes: '\"\(key)\"')" : ""))
        }
        return t
    }

    /// The main bundle as `BuildSnapshot.mainBundle` picks it.
    static func mainBundle(_ bundles: [BundleInfo]) -> BundleInfo? {
        let outer = bundles.filter { $0.parentPath == nil }
        return outer.first { $0.kind == .app } ?? outer.first
    }
}

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
        let ahead = try readAhead(keyPath, source, locations)
        for (i, b) in builds.enumerated() {
            let located: (StoredObject, BundlePath)?
            if let ahead {
                located = ahead[i].located
                source.storeLocation(located, of: b, locations)
            } else {
                located = try read { () throws(StoreError) in try source.locate(in: b, timeline, locations) }
            }
            guard let (object, path) = located else {
                previousObject = nil
                if previous != nil { t.rows.append(Self.buildCells(b) + [.text("removed"), .none, .none]) }
                previous = nil
                continue
            }
            sawSource = true
            if previousObject == object { continue }
            previousObject = object
            let (value, origin): (PlistValue?, BundlePath)
            if let found = ahead?[i].value {
                (value, origin) = found
                source.storeValue(found, of: object, at: path, values)
            } else {
                (value, origin) = try read { () throws(StoreError) in
                    try source.value(keyPath, in: object, at: path, timeline, values)
                }
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

    /// What one build holds for the key, read ahead: where the source is, and its value
    /// when the source's object differs from the previous build's (in the same half).
    typealias KeyReading = (located: (StoredObject, BundlePath)?, value: (PlistValue?, BundlePath)?)

    /// Every build's `KeyReading`, read on both cores, when the location cache lacks at
    /// least `bothCoresThreshold` builds; nil otherwise (each build is then read, or taken
    /// from the caches, in turn).
    private func readAhead(_ keyPath: KeyPath, _ source: KeySource, _ locations: QueryCache)
        throws(UserFacingError) -> [KeyReading]? {
        let unread = builds.count(where: { !locations.holds($0) })
        guard unread >= bothCoresThreshold else { return nil }
        return try onBothCores(builds) { (timeline, slice) throws(StoreError) -> [KeyReading] in
            var previous: StoredObject?
            var out: [KeyReading] = []
            out.reserveCapacity(slice.count)
            for b in slice {
                guard let found = try source.locate(in: b, timeline) else {
                    previous = nil
                    out.append((nil, nil))
                    continue
                }
                let changed = previous != found.0
                previous = found.0
                out.append((found, changed ? try source.value(keyPath, in: found.0, at: found.1, timeline) : nil))
            }
            return out
        }
    }

    /// The main bundle as `BuildSnapshot.mainBundle` picks it.
    static func mainBundle(_ bundles: [BundleInfo]) -> BundleInfo? {
        let outer = bundles.filter { $0.parentPath == nil }
        return outer.first { $0.kind == .app } ?? outer.first
    }
}

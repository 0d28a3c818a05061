import BundleModel
import PropertyLists
import SnapshotStore
import TextSafety

extension KeySource {
    /// The source as a cache query line (what `locate` depends on).
    var cacheQuery: String {
        [("bundle", bundle), ("file", file), ("language", language)]
            .map { $0.0 + " " + ($0.1.map { "=" + $0 } ?? "-") }.joined(separator: "\t")
    }

    /// `locate`, through `cache` (per build: `-`, or the object's kind and id and the
    /// path's bytes in hex).
    func locate(in b: TimelineBuild, _ timeline: HistoryTimeline, _ cache: QueryCache)
        throws(StoreError) -> (StoredObject, BundlePath)? {
        if let known = cachedLocation(of: b, cache) { return known }
        let found = try locate(in: b, timeline)
        storeLocation(found, of: b, cache)
        return found
    }

    /// What `cache` holds for `b`: nil when it does not hold the build, `.some(nil)` when
    /// the build lacks the source.
    func cachedLocation(of b: TimelineBuild, _ cache: QueryCache) -> (StoredObject, BundlePath)?? {
        guard let fields = cache.fields(for: b) else { return nil }
        if fields == ["-"] { return .some(nil) }
        if fields.count == 3, let object = StoredObject(cacheFields: fields[0..<2]), let path = Hex.decode(fields[2]) {
            return .some((object, BundlePath(bytes: path)))
        }
        return nil
    }

    func storeLocation(_ found: (StoredObject, BundlePath)?, of b: TimelineBuild, _ cache: QueryCache) {
        cache.set(found.map { $0.0.cacheFields + [Hex.encode($0.1.bytes)] } ?? ["-"], for: b)
    }

    /// `value`, through `cache` (per object: `-` when the key is absent, else the value as
    /// canonical text; then the hex of the string table's file name it came from, or
    /// nothing for the plist itself). The value is decoded back from canonical text, so a
    /// cached answer is the one `value` gives.
    func value(_ keyPath: KeyPath, in object: StoredObject, at path: BundlePath, _ timeline: HistoryTimeline,
               _ cache: QueryCache) throws(StoreError) -> (PlistValue?, BundlePath) {
        if let fields = cache.fields(for: object), fields.count == 2, let table = Hex.decode(fields[1]) {
            let origin = table.isEmpty ? path : path.appending(table)
            if fields[0] == "-" { return (nil, origin) }
            if let root = try? CanonicalText.parse(fields[0]).document?.root { return (root, origin) }
        }
        let found = try self.value(keyPath, in: object, at: path, timeline)
        storeValue(found, of: object, at: path, cache)
        return found
    }

    func storeValue(_ found: (PlistValue?, BundlePath), of object: StoredObject, at path: BundlePath, _ cache: QueryCache) {
        let (value, origin) = found
        let table = origin == path ? [] : Array(origin.bytes.dropFirst(path.bytes.count + 1))
        let text = value.map { CanonicalText.render(.decoded(PlistDocument(format: .xml, root: $0))) } ?? "-"
        cache.set([text, Hex.encode(table)], for: object)
    }
}

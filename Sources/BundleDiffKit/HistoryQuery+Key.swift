import BundleModel
import PropertyLists
import SnapshotStore

extension HistoryQuery {
    /// The builds where one key's value changed: the first build where it appeared, every
    /// change, and the build where it disappeared. A plist is decoded only when its
    /// stored blob differs from the previous build's.
    func keyHistory(_ key: String, bundle: String?, file: String?) throws(UserFacingError) -> HistoryTable {
        guard let keyPath = KeyPath(parsing: key) else {
            throw UserFacingError("'\(key)': not a valid key path (e.g. CFBundleVersion, UIDeviceFamily[0], "
                                  + "NSExtension.NSExtensionAttributes, \"Odd.key\".child)")
        }
        let place = file ?? bundle.map { "the Info.plist of \($0)" } ?? "the main Info.plist"
        var t = table("key", "\(keyPath) in \(place) of \(timeline.app) on \(timeline.channel)", [
            .init("change", "change"), .init("value", "value"), .init("plist", "plist"),
        ])
        var previousObject: StoredObject?
        var previous: PlistValue?
        var sawPlist = false
        for b in builds {
            guard let path = try plistPath(in: b, bundle: bundle, file: file),
                  let object = try read({ () throws(StoreError) in try timeline.object(at: path, in: b, area: .plists) }) else {
                previousObject = nil
                if previous != nil { t.rows.append(Self.buildCells(b) + [.text("removed"), .none, .none]) }
                previous = nil
                continue
            }
            sawPlist = true
            if previousObject == object { continue }
            previousObject = object
            let plist = try read { () throws(StoreError) in try timeline.plist(object) }
            let value = plist.document.flatMap { keyPath.value(in: $0.root) }
            defer { previous = value }
            let change: String
            switch (previous, value) {
            case (nil, nil): continue
            case (nil, .some): change = "appeared"
            case (.some, nil): change = "removed"
            case (.some(let old), .some(let new)): if old == new { continue }; change = "changed"
            }
            t.rows.append(Self.buildCells(b) + [.text(change), value.map { .text(PlistValueLine.render($0)) } ?? .none,
                                                .text(path.description)])
        }
        if !builds.isEmpty && !sawPlist {
            throw UserFacingError(file.map { "\($0): not a recorded property list in any build of \(timeline.app)" }
                                  ?? bundle.map { "no bundle '\($0)' in any recorded build of \(timeline.app)" }
                                  ?? "no recorded build of \(timeline.app) has a main Info.plist")
        }
        if builds.count > 0 && t.rows.isEmpty {
            t.notes.append("\(keyPath) is in no build" + (keyPath.segments.count > 1
                ? " (a key that holds dots is written in quotes: '\"\(key)\"')" : ""))
        }
        return t
    }

    /// Where the plist of a key query is in one build; nil when that bundle is absent.
    private func plistPath(in b: TimelineBuild, bundle: String?, file: String?) throws(UserFacingError) -> BundlePath? {
        if let file { return BundlePath(file) }
        let bundles = try read { () throws(StoreError) in try timeline.bundles(in: b) }
        if let bundle {
            return bundles.first { $0.identifier == bundle || $0.path.description == bundle }?.infoPlistPath
        }
        return Self.mainBundle(bundles)?.infoPlistPath
    }

    /// The main bundle as `BuildSnapshot.mainBundle` picks it.
    static func mainBundle(_ bundles: [BundleInfo]) -> BundleInfo? {
        let outer = bundles.filter { $0.parentPath == nil }
        return outer.first { $0.kind == .app } ?? outer.first
    }
}

import BundleModel

/// Pairs the bundles of two builds: by bundle identifier when it is unique on both sides,
/// then by path relative to the outermost bundle (so `X.app` → `Y.app`, or `Payload/X.app`
/// against a bare `X.app`, still match).
struct BundleMatcher {
    struct Pair {
        var old: BundleInfo?
        var new: BundleInfo?
        var name: String
    }

    static func match(old: SnapshotIndex, new: SnapshotIndex) -> [Pair] {
        let oldKeys = keys(old), newKeys = keys(new)
        var pairs: [Pair] = []
        var usedOld = Set<BundlePath>(), usedNew = Set<BundlePath>()

        let oldByID = uniqueIdentifiers(old.bundles), newByID = uniqueIdentifiers(new.bundles)
        let shared = sharedIdentifiers(old.bundles).union(sharedIdentifiers(new.bundles))
        for b in new.bundles {
            guard let id = b.identifier, let o = oldByID[id], newByID[id] != nil else { continue }
            pairs.append(Pair(old: o, new: b, name: id))
            usedOld.insert(o.path)
            usedNew.insert(b.path)
        }
        var oldByKey: [String: BundleInfo] = [:]
        for b in old.bundles where !usedOld.contains(b.path) {
            if let key = oldKeys[b.path], oldByKey[key] == nil { oldByKey[key] = b }
        }
        for b in new.bundles where !usedNew.contains(b.path) {
            guard let key = newKeys[b.path], let o = oldByKey[key], !usedOld.contains(o.path) else { continue }
            pairs.append(Pair(old: o, new: b, name: name(of: b, key: key, shared: shared)))
            usedOld.insert(o.path)
            usedNew.insert(b.path)
        }
        for b in new.bundles where !usedNew.contains(b.path) {
            pairs.append(Pair(old: nil, new: b, name: name(of: b, key: newKeys[b.path] ?? "", shared: shared)))
        }
        for b in old.bundles where !usedOld.contains(b.path) {
            pairs.append(Pair(old: b, new: nil, name: name(of: b, key: oldKeys[b.path] ?? "", shared: shared)))
        }
        return pairs.sorted { a, b in
            let pa = (a.new ?? a.old)?.path ?? .root, pb = (b.new ?? b.old)?.path ?? .root
            let da = depth(a), db = depth(b)
            return da != db ? da < db : (pa != pb ? pa < pb : a.name < b.name)
        }
    }

    private static func depth(_ p: Pair) -> Int { (p.new ?? p.old)?.path.depth ?? 0 }

    private static func uniqueIdentifiers(_ bundles: [BundleInfo]) -> [String: BundleInfo] {
        var seen: [String: BundleInfo] = [:], duplicate = Set<String>()
        for b in bundles {
            guard let id = b.identifier, !id.isEmpty else { continue }
            if seen[id] != nil { duplicate.insert(id) } else { seen[id] = b }
        }
        for id in duplicate { seen[id] = nil }
        return seen
    }

    /// Path keys: `""` for a sole outermost bundle, its name when there are several,
    /// else the path relative to the outermost bundle prefixed by that bundle's key.
    private static func keys(_ index: SnapshotIndex) -> [BundlePath: String] {
        let outer = index.bundles.filter { $0.parentPath == nil }
        var out: [BundlePath: String] = [:]
        for b in index.bundles {
            let top = index.outermost(of: b)
            let topKey = outer.count <= 1 ? "" : top.path.nameString
            if top.path == b.path {
                out[b.path] = topKey
            } else {
                let rel = b.path.relative(to: top.path)?.description ?? b.path.description
                out[b.path] = topKey.isEmpty ? rel : topKey + "/" + rel
            }
        }
        return out
    }

    /// Identifiers that several bundles of one build carry (an XCFramework's slices).
    private static func sharedIdentifiers(_ bundles: [BundleInfo]) -> Set<String> {
        var seen = Set<String>(), shared = Set<String>()
        for b in bundles {
            guard let id = b.identifier, !id.isEmpty else { continue }
            if !seen.insert(id).inserted { shared.insert(id) }
        }
        return shared
    }

    /// The bundle's identifier, with its path key when several bundles share it (so each
    /// slice of an XCFramework has a name of its own); else the key; else its name.
    private static func name(of b: BundleInfo, key: String, shared: Set<String>) -> String {
        if let id = b.identifier, !id.isEmpty { return shared.contains(id) && !key.isEmpty ? "\(id) (\(key))" : id }
        if !key.isEmpty { return key }
        return b.path.isRoot ? "(root)" : b.path.nameString
    }
}

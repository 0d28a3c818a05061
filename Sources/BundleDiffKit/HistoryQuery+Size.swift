import BundleModel
import Reporters
import SnapshotStore

extension HistoryQuery {
    /// The size of the whole build (the recorded totals) and each bundle's own size (its
    /// files without the bundles nested in it, as `diff` counts it), per build, with the
    /// main app's change from the build before. A bundle is one column across builds by
    /// its identifier (so a bundle whose folder moves, say under another archive root,
    /// stays one line), or by its path when it has none or shares it in that build. Sizes
    /// are summed from the stored tree, memoised by tree id, so only folders that changed
    /// are summed again.
    func sizeHistory() throws(UserFacingError) -> HistoryTable {
        var order: [String] = []
        var perBuild: [[String: UInt64]] = []
        let cache = timeline.cache("size", query: "size")
        let ahead = try sizesAhead(cache)
        for (i, b) in builds.enumerated() {
            var sizes: [String: UInt64] = [:]
            let bundles: [BundleSize]
            if let ahead {
                bundles = ahead[i]
                Self.store(bundles, of: b, cache)
            } else {
                bundles = try bundleSizes(b, cache)
            }
            var seen: [String: Int] = [:]
            for bundle in bundles { if let id = bundle.identifier { seen[id, default: 0] += 1 } }
            for bundle in bundles {
                guard let bytes = bundle.bytes else { continue }
                let key = bundle.identifier.flatMap { seen[$0] == 1 ? $0 : nil } ?? bundle.path
                if !order.contains(key) { order.append(key) }
                sizes[key] = bytes
            }
            perBuild.append(sizes)
        }
        // The main app first, its change beside it, then the other bundles.
        let main = order.contains(timeline.app) ? timeline.app : order.first
        let others = order.filter { $0 != main }
        var columns: [HistoryTable.Column] = [.init("files", "files"), .init("bytes", "total bytes", charted: true, unit: .bytes)]
        if let main {
            columns += [.init("bundle:" + main, main, charted: true, unit: .bytes), .init("change", "change", unit: .byteChange)]
        }
        columns += others.map { .init("bundle:" + $0, $0, charted: true, unit: .bytes) }
        var t = table("size", "Size of \(timeline.app) on \(timeline.channel) (bytes)", columns)
        t.chartUnit = "bytes"
        var previous: UInt64?
        for (b, sizes) in zip(builds, perBuild) {
            var row = Self.buildCells(b) + [.integer(b.build.files), .integer(b.build.bytes)]
            if let main {
                let size = sizes[main]
                row.append(size.map { .integer($0) } ?? .none)
                row.append(Self.change(from: previous, to: size))
                previous = size
            }
            t.rows.append(row + others.map { sizes[$0].map { .integer($0) } ?? .none })
        }
        if !builds.isEmpty {
            t.notes.append("A bundle's size counts its own files, not the bundles nested in it (as diff counts it); "
                           + "total bytes counts every file of the build; change is the main app's, from the build before.")
        }
        return t
    }

    /// One bundle of a build: its path, identifier, and own bytes (nil when its folder is
    /// not recorded).
    typealias BundleSize = (path: String, identifier: String?, bytes: UInt64?)

    /// Each bundle of a build with its own bytes, from the derived cache when it holds the
    /// build (fields: the count, then per bundle its path, `=identifier` or `-`, bytes or
    /// `-`), else from the tree.
    func bundleSizes(_ b: TimelineBuild, _ cache: QueryCache) throws(UserFacingError) -> [BundleSize] {
        if let known = Self.cachedSizes(of: b, cache) { return known }
        let out = try read { () throws(StoreError) in try Self.bundleSizes(b, timeline) }
        Self.store(out, of: b, cache)
        return out
    }

    /// Every build's bundle sizes read on both cores, when the cache lacks at least
    /// `bothCoresThreshold` builds; nil otherwise.
    private func sizesAhead(_ cache: QueryCache) throws(UserFacingError) -> [[BundleSize]]? {
        guard builds.count(where: { !cache.holds($0) }) >= bothCoresThreshold else { return nil }
        return try onBothCores(builds) { (timeline, slice) throws(StoreError) -> [[BundleSize]] in
            var out: [[BundleSize]] = []
            for b in slice { out.append(try Self.bundleSizes(b, timeline)) }
            return out
        }
    }

    /// A build's bundle sizes from its tree (the recorded own sizes, or summed).
    private static func bundleSizes(_ b: TimelineBuild, _ timeline: HistoryTimeline) throws(StoreError) -> [BundleSize] {
        let bundles = try timeline.bundles(in: b)
        let own = try timeline.ownSizes(of: bundles, in: b)
        return bundles.map { ($0.path.description, $0.identifier, own[$0.path]?.bytes) }
    }

    private static func cachedSizes(of b: TimelineBuild, _ cache: QueryCache) -> [BundleSize]? {
        guard let fields = cache.fields(for: b), let count = fields.first.flatMap({ Int($0) }), fields.count == 1 + 3 * count
        else { return nil }
        var out: [BundleSize] = []
        for i in 0..<count {
            let (path, id, bytes) = (fields[1 + 3 * i], fields[2 + 3 * i], fields[3 + 3 * i])
            let size = UInt64(bytes)
            guard id == "-" || id.hasPrefix("="), bytes == "-" || size != nil else { return nil }
            out.append((path, id == "-" ? nil : String(id.dropFirst()), size))
        }
        return out
    }

    private static func store(_ sizes: [BundleSize], of b: TimelineBuild, _ cache: QueryCache) {
        cache.set([String(sizes.count)] + sizes.flatMap { [$0.path, $0.identifier.map { "=" + $0 } ?? "-", $0.bytes.map(String.init) ?? "-"] },
                  for: b)
    }

    /// `+70`, `-3111`, `0`; nothing when either side is unknown.
    static func change(from old: UInt64?, to new: UInt64?) -> HistoryTable.Cell {
        guard let old, let new else { return .none }
        let delta = Int64(clamping: new) &- Int64(clamping: old)
        return .number(Double(delta), delta > 0 ? "+\(delta)" : "\(delta)")
    }
}

import BundleModel
import SnapshotStore

extension HistoryQuery {
    /// The size of the whole build (the recorded totals) and of every bundle in it (its
    /// folder, nested bundles included), per build. A bundle is one column across builds
    /// by its identifier (so a bundle whose folder moves, say under another archive root,
    /// stays one line), or by its path when it has none or shares it in that build. Its
    /// size is summed from the stored tree, memoised by tree id, so only folders that
    /// changed are summed again.
    func sizeHistory() throws(UserFacingError) -> HistoryTable {
        var order: [String] = []
        var perBuild: [[String: UInt64]] = []
        for b in builds {
            var sizes: [String: UInt64] = [:]
            let bundles = try read { () throws(StoreError) in try timeline.bundles(in: b) }
            var seen: [String: Int] = [:]
            for bundle in bundles { if let id = bundle.identifier { seen[id, default: 0] += 1 } }
            for bundle in bundles {
                guard let object = try read({ () throws(StoreError) in try timeline.object(at: bundle.path, in: b, area: .files) })
                else { continue }
                let key = bundle.identifier.flatMap { seen[$0] == 1 ? $0 : nil } ?? bundle.path.description
                if !order.contains(key) { order.append(key) }
                sizes[key] = try read { () throws(StoreError) in try timeline.size(of: object) }.bytes
            }
            perBuild.append(sizes)
        }
        var t = table("size", "Size of \(timeline.app) on \(timeline.channel) (bytes)",
                      [.init("files", "files"), .init("bytes", "total bytes", charted: true)]
                          + order.map { .init("bundle:" + $0, $0, charted: true) })
        t.chartUnit = "bytes"
        for (b, sizes) in zip(builds, perBuild) {
            t.rows.append(Self.buildCells(b) + [.integer(b.build.files), .integer(b.build.bytes)]
                          + order.map { sizes[$0].map { .integer($0) } ?? .none })
        }
        return t
    }
}

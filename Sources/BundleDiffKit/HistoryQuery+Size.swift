import BundleModel
import SnapshotStore

extension HistoryQuery {
    /// The size of the whole build (the recorded totals) and of every bundle in it (its
    /// folder, nested bundles included), per build. A bundle's size is summed from the
    /// stored tree, memoised by tree id, so only folders that changed are summed again.
    func sizeHistory() throws(UserFacingError) -> HistoryTable {
        var bundleOrder: [BundlePath] = []
        var titles: [BundlePath: String] = [:]
        var perBuild: [[BundlePath: UInt64]] = []
        for b in builds {
            var sizes: [BundlePath: UInt64] = [:]
            for bundle in try read({ () throws(StoreError) in try timeline.bundles(in: b) }) {
                guard let object = try read({ () throws(StoreError) in try timeline.object(at: bundle.path, in: b, area: .files) })
                else { continue }
                if titles[bundle.path] == nil {
                    bundleOrder.append(bundle.path)
                    titles[bundle.path] = bundle.identifier ?? bundle.path.description
                }
                sizes[bundle.path] = try read { () throws(StoreError) in try timeline.size(of: object) }.bytes
            }
            perBuild.append(sizes)
        }
        var t = table("size", "Size of \(timeline.app) on \(timeline.channel) (bytes)",
                      [.init("files", "files"), .init("bytes", "total bytes", charted: true)]
                          + bundleOrder.map { .init($0.description, titles[$0] ?? $0.description, charted: true) })
        t.chartUnit = "bytes"
        for (b, sizes) in zip(builds, perBuild) {
            t.rows.append(Self.buildCells(b) + [.integer(b.build.files), .integer(b.build.bytes)]
                          + bundleOrder.map { sizes[$0].map { .integer($0) } ?? .none })
        }
        return t
    }
}

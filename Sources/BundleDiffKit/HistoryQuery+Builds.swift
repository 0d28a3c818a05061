import Reporters

extension HistoryQuery {
    /// The builds with their labels, file counts and total bytes (from the commit
    /// trailers alone: no tree is read).
    func buildList() -> HistoryTable {
        var t = table("builds", "Builds of \(timeline.app) on \(timeline.channel)", [
            .init("label", "label"), .init("files", "files"), .init("bytes", "bytes", charted: true, unit: .bytes),
            .init("tags", "tags"),
        ])
        t.chartUnit = "bytes"
        t.rows = builds.map { b in
            Self.buildCells(b) + [b.build.label.map { .text($0) } ?? .none, .integer(b.build.files),
                                  .integer(b.build.bytes),
                                  b.build.tags.isEmpty ? .none : .text(b.build.tags.joined(separator: " "))]
        }
        return t
    }
}

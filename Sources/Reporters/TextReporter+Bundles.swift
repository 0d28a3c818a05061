import BundleModel
import Comparison
import TextSafety

/// The text report's BUNDLES table: one row per bundle (id, status, versions, files, size,
/// then where it lives in the build), its languages on the line below. When the table is
/// wider than the terminal, each bundle is a short block instead (id, status and versions;
/// files, size and path; languages), every line wrapped. By default the section keeps to
/// `TextLimits.bundleLines`: the outermost bundle, then bundles added or removed, then
/// those that changed, then the rest, shown in the comparison's order.
extension TextReporter {
    static func bundles(_ c: BuildComparison, limits: TextLimits, wrap: TextWrap) -> [String] {
        var out = ["", "BUNDLES"]
        let rows = zip(c.bundles, BundleSummary.all(c)).map { Row($0, $1, in: c) }
        let header = ["bundle", "status", "version", "files", "size"]
        func widths(_ rows: [Row]) -> [Int] {
            var widths = header.map(VisibleText.columns)
            for row in rows {
                for (k, cell) in row.cells.enumerated() { widths[k] = max(widths[k], VisibleText.columns(cell)) }
            }
            widths[0] = min(widths[0], limits.bundleColumn)
            widths[2] = min(widths[2], limits.versionColumn)
            return widths
        }
        let widest = 2 + widths(rows).reduce(0) { $0 + $1 + 2 } + (rows.map { VisibleText.columns($0.path) }.max() ?? 0)
        let stacked = widest > wrap.width
        func lines(_ row: Row, _ widths: [Int]) -> [String] {
            var out: [String]
            if stacked {
                out = wrap.wrap("  " + row.cells[0...2].joined(separator: "  "), indent: 6)
                    + wrap.wrap("    files " + row.cells[3] + "; size " + row.cells[4] + "; in " + row.path, indent: 6)
            } else {
                out = ["  " + zip(row.cells, widths).map { TextFormatting.column($0, $1) }.joined() + row.path]
            }
            return out + (row.languages.map { wrap.wrap($0, indent: 6) } ?? [])
        }
        let room = limits.bundleLines - out.count - (stacked ? 0 : 1)
        let allWidths = widths(rows)
        var chosen = Set<Int>()
        var used = 0
        for (i, row) in rows.enumerated().sorted(by: { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }) {
            let reserve = chosen.count + 1 < rows.count ? 1 : 0
            let count = lines(row, allWidths).count
            guard used + count + reserve <= room else { break }
            chosen.insert(i)
            used += count
        }
        let shown = rows.indices.filter(chosen.contains).map { rows[$0] }
        let shownWidths = widths(shown)
        if !stacked {
            out.append("  " + zip(header, shownWidths).map { TextFormatting.column($0, $1) }.joined() + "path in the build")
        }
        for row in shown { out += lines(row, shownWidths) }
        let left = rows.count - shown.count
        if left > 0 {
            let unchanged = rows.indices.filter { !chosen.contains($0) && rows[$0].rank == 3 }.count
            out += wrap.wrap(["  " + LeftOut.note(left) + (unchanged > 0 ? " (\(unchanged) unchanged)" : "")
                + TextLimits.howToSeeMore])
        }
        return out
    }

    /// One bundle's row and languages line.
    private struct Row {
        var cells: [String]
        var path: String
        /// The line below the row, when the bundle has languages.
        var languages: String?
        /// 0 outermost, 1 added or removed, 2 changed, 3 unchanged: which rows a capped
        /// table keeps first.
        var rank: Int

        init(_ b: BundleComparison, _ s: BundleSummary, in c: BuildComparison) {
            cells = [TextFormatting.oneLine(s.name), TextFormatting.oneLine(s.statusText),
                     TextFormatting.oneLine("\(TextFormatting.version(s.old)) → \(TextFormatting.version(s.new))"),
                     "+\(s.filesAdded) -\(s.filesRemoved) ~\(s.filesModified)"
                        + (s.filesMovedAway + s.filesMovedHere > 0 ? ", moved -\(s.filesMovedAway) +\(s.filesMovedHere)" : ""),
                     "\(TextFormatting.bytes(s.newBytes)) (\(TextFormatting.signedBytes(s.bytesDelta)))"]
            path = b.new.map { c.location(of: $0, isNew: true).description }
                ?? b.old.map { c.location(of: $0, isNew: false).description } ?? ""
            if !s.languages.isEmpty || !s.languagesRemoved.isEmpty {
                var line = "    languages: " + s.languages.joined(separator: " ")
                if !s.languagesAdded.isEmpty { line += "; added " + s.languagesAdded.joined(separator: " ") }
                if !s.languagesRemoved.isEmpty { line += "; removed " + s.languagesRemoved.joined(separator: " ") }
                for r in s.languagesRenamed { line += "; renamed \(r.from) → \(r.to)" }
                languages = TextFormatting.oneLine(line)
            }
            let versionsDiffer = s.old?.version != s.new?.version || s.old?.shortVersion != s.new?.shortVersion
            rank = b.isOutermost ? 0 : b.status != .matched ? 1 : (!b.isEmpty || versionsDiffer) ? 2 : 3
        }
    }
}

import BundleModel
import Comparison
import TextSafety

/// The text report's BUNDLES table: one row per bundle (id, status, versions, files, size,
/// then where it lives in the build), its languages on the line below. By default the
/// table keeps to `TextLimits.bundleLines`: the outermost bundle, then bundles added or
/// removed, then those that changed, then the rest, shown in the comparison's order.
extension TextReporter {
    /// Rows stay whole (a table reads by its columns); the languages lines wrap.
    static func bundles(_ c: BuildComparison, limits: TextLimits, wrap: TextWrap) -> [String] {
        var out = ["", "BUNDLES"]
        let rows = zip(c.bundles, BundleSummary.all(c)).map { Row($0, $1, in: c) }
        let room = limits.bundleLines - out.count - 1
        var chosen = Set<Int>()
        var lines = 0
        for (i, row) in rows.enumerated().sorted(by: { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }) {
            let reserve = chosen.count + 1 < rows.count ? 1 : 0
            let count = 1 + (row.languages.map { wrap.wrap($0, indent: 6).count } ?? 0)
            guard lines + count + reserve <= room else { break }
            chosen.insert(i)
            lines += count
        }
        let shown = rows.indices.filter(chosen.contains).map { rows[$0] }
        let header = ["bundle", "status", "version", "files", "size"]
        var widths = header.map(VisibleText.columns)
        for row in shown {
            for (k, cell) in row.cells.enumerated() { widths[k] = max(widths[k], VisibleText.columns(cell)) }
        }
        widths[0] = min(widths[0], limits.bundleColumn)
        widths[2] = min(widths[2], limits.versionColumn)
        func line(_ cells: [String], _ last: String) -> String {
            "  " + zip(cells, widths).map { TextFormatting.column($0, $1) }.joined() + last
        }
        out.append(line(header, "path in the build"))
        for row in shown {
            out.append(line(row.cells, row.path))
            if let languages = row.languages { out += wrap.wrap(languages, indent: 6) }
        }
        let left = rows.count - shown.count
        if left > 0 {
            let unchanged = rows.indices.filter { !chosen.contains($0) && rows[$0].rank == 3 }.count
            out.append("  " + LeftOut.note(left) + (unchanged > 0 ? " (\(unchanged) unchanged)" : "")
                + TextLimits.howToSeeMore)
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

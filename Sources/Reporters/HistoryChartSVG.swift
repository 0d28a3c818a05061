import FoundationEssentials

/// An inline SVG line chart of a history table's charted columns: one line per column
/// across the builds (left to right, oldest first), values marked as points with their
/// build and value as a tooltip, a y axis from 0 to the largest value in human units, and
/// each build (`1.1 (42)`) named under the x axis, slanted so that neighbours do not
/// collide. The chart grows 44 units per build and is drawn at its own size (it scrolls
/// sideways on a phone, its labels stay readable); past 4000 units, every n-th build is
/// named, the last one always, and a line marks only the named builds and the builds where
/// its value changed (10,000 builds of 12 languages were 120,000 tooltips, most repeating
/// the one before). A gap in a column (a bundle absent from a build) breaks its line.
/// Self-contained markup, no script, every label escaped; the series' colours come from
/// the shared stylesheet (`.s0`…`.s7`).
enum HistoryChartSVG {
    static let series = 8
    static let height = 340.0, left = 84.0, right = 24.0, top = 16.0, bottom = 96.0
    /// Horizontal room per build, so labels stay apart; the chart is 760 to 4000 wide.
    static let step = 44.0, minWidth = 760.0, maxWidth = 4000.0, labelRoom = 40.0

    /// The chart, or nil when there is nothing to draw.
    static func render(_ table: HistoryTable, labelledBy caption: String) -> String? {
        guard let unit = table.chartUnit, !table.rows.isEmpty else { return nil }
        let charted = table.columns.indices.filter { table.columns[$0].charted }
        let values: [[Double?]] = charted.map { c in
            table.rows.map { row in
                guard c < row.count, case .number(let v, _) = row[c], v.isFinite else { return nil }
                return v
            }
        }
        let highest = values.joined().compactMap { $0 }.max() ?? 0
        guard !charted.isEmpty, values.joined().contains(where: { $0 != nil }) else { return nil }
        let maxY = unit == "percent" ? 100 : (highest > 0 ? highest : 1)
        let count = table.rows.count
        let width = max(minWidth, min(maxWidth, left + right + step * Double(count - 1)))
        let plotW = width - left - right, plotH = height - top - bottom
        func x(_ i: Int) -> Double { count == 1 ? left + plotW / 2 : left + plotW * Double(i) / Double(count - 1) }
        func y(_ v: Double) -> Double { top + plotH * (1 - max(0, v) / maxY) }
        var svg = "<svg class=\"trend\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" "
            + "width=\"\(Int(width))\" height=\"\(Int(height))\" role=\"img\" aria-labelledby=\"\(caption)\">\n"
        for v in [0, maxY / 2, maxY] {
            svg += "<line class=\"grid\" x1=\"\(f(left))\" y1=\"\(f(y(v)))\" x2=\"\(f(width - right))\" y2=\"\(f(y(v)))\"/>"
                + "<text x=\"\(f(left - 8))\" y=\"\(f(y(v) + 4))\" text-anchor=\"end\">"
                + HTMLEscaping.attribute(label(v, unit: unit)) + "</text>\n"
        }
        svg += "<line class=\"axis\" x1=\"\(f(left))\" y1=\"\(f(top))\" x2=\"\(f(left))\" y2=\"\(f(y(0)))\"/>\n"
        let every = count == 1 ? 1 : max(1, Int((labelRoom / (plotW / Double(count - 1))).rounded(.up)))
        for i in 0..<count where i % every == 0 || i == count - 1 {
            let lx = x(i), ly = y(0) + 14
            svg += "<line class=\"axis\" x1=\"\(f(lx))\" y1=\"\(f(y(0)))\" x2=\"\(f(lx))\" y2=\"\(f(y(0) + 5))\"/>"
                + "<text x=\"\(f(lx))\" y=\"\(f(ly))\" text-anchor=\"end\" transform=\"rotate(-35 \(f(lx)) \(f(ly)))\">"
                + HTMLEscaping.attribute(buildLabel(table, i)) + "</text>\n"
        }
        for (n, column) in values.enumerated() {
            let name = table.columns[charted[n]].title
            var segments: [[String]] = [[]]
            var points = ""
            var before: Double?
            for (i, v) in column.enumerated() {
                defer { before = v }
                guard let v else {
                    if !segments[segments.count - 1].isEmpty { segments.append([]) }
                    continue
                }
                segments[segments.count - 1].append("\(f(x(i))),\(f(y(v)))")
                guard every == 1 || i % every == 0 || i == count - 1 || before != v else { continue }
                points += "<circle cx=\"\(f(x(i)))\" cy=\"\(f(y(v)))\" r=\"3.5\"><title>"
                    + HTMLEscaping.attribute("\(name), \(buildLabel(table, i)): \(label(v, unit: unit, exact: true))")
                    + "</title></circle>"
            }
            let dash = n >= series ? " stroke-dasharray=\"6 3\"" : ""
            svg += "<g class=\"s\(n % series)\">"
            for line in segments where line.count > 1 {
                svg += "<polyline\(dash) points=\"\(line.joined(separator: " "))\"/>"
            }
            svg += points + "</g>\n"
        }
        return svg + "</svg>\n"
    }

    /// The legend: one entry per line, in the chart's colours (a dashed key past eight).
    static func legend(_ table: HistoryTable) -> String {
        let charted = table.columns.filter(\.charted)
        return "<ul class=\"legend\">\n" + charted.enumerated().map { n, c in
            "<li><span class=\"key s\(n % series)\(n >= series ? " dashed" : "")\" aria-hidden=\"true\"></span>"
                + "<bdi>" + HTMLEscaping.text(c.title) + "</bdi></li>\n"
        }.joined() + "</ul>\n"
    }

    /// `1.1 (42)` from the version and build columns, else the first cell.
    static func buildLabel(_ table: HistoryTable, _ row: Int) -> String {
        let cells = table.rows[row]
        return cells.count > 3 ? "\(cells[2].display) (\(cells[3].display))" : cells.first?.display ?? ""
    }

    /// A value in the chart's unit: `40%`, `22.5 KB` (`22.5 KB (22525 bytes)` when exact).
    static func label(_ v: Double, unit: String, exact: Bool = false) -> String {
        if unit == "percent" { return exact ? DecimalText.oneDecimal(v) + "%" : DecimalText.printf(format: "%.0f", v) + "%" }
        let bytes = UInt64(max(0, min(v, 1.8e19)))
        return TextFormatting.bytes(bytes) + (exact && bytes >= 1000 ? " (\(bytes) bytes)" : "")
    }

    static func f(_ v: Double) -> String { DecimalText.oneDecimal(v) }
}

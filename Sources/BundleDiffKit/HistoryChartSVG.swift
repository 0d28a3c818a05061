import Reporters
import Foundation

/// An inline SVG line chart of a history table's charted columns: one line per column
/// across the builds (left to right, oldest first), a y axis from 0 to the largest value,
/// the first and last build under the x axis. A gap in a column (a bundle absent from a
/// build) breaks its line. Self-contained markup, no script, every label escaped.
enum HistoryChartSVG {
    static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"]
    static let width = 760.0, height = 300.0, left = 80.0, right = 20.0, top = 20.0, bottom = 40.0

    /// The chart, or nil when there is nothing to draw.
    static func render(_ table: HistoryTable, labelledBy title: String) -> String? {
        guard let unit = table.chartUnit, !table.rows.isEmpty else { return nil }
        let charted = table.columns.indices.filter { table.columns[$0].charted }
        let values: [[Double?]] = charted.map { c in
            table.rows.map { row in if case .number(let v, _) = row[c] { return v } else { return nil } }
        }
        let highest = values.joined().compactMap { $0 }.max() ?? 0
        guard !charted.isEmpty, values.joined().contains(where: { $0 != nil }) else { return nil }
        let maxY = unit == "percent" ? 100 : (highest > 0 ? highest : 1)
        let plotW = width - left - right, plotH = height - Self.top - bottom
        func x(_ i: Int) -> Double {
            table.rows.count == 1 ? left + plotW / 2 : left + plotW * Double(i) / Double(table.rows.count - 1)
        }
        func y(_ v: Double) -> Double { Self.top + plotH * (1 - v / maxY) }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" "
            + "aria-labelledby=\"\(title)\">\n"
        svg += "<line class=\"axis\" x1=\"\(f(left))\" y1=\"\(f(y(0)))\" x2=\"\(f(width - right))\" y2=\"\(f(y(0)))\"/>\n"
        svg += "<line class=\"axis\" x1=\"\(f(left))\" y1=\"\(f(Self.top))\" x2=\"\(f(left))\" y2=\"\(f(y(0)))\"/>\n"
        for v in [0, maxY / 2, maxY] {
            svg += "<text class=\"tick\" x=\"\(f(left - 6))\" y=\"\(f(y(v) + 4))\" text-anchor=\"end\">"
                + HTMLEscaping.attribute(label(v, unit: unit)) + "</text>\n"
        }
        let first = buildLabel(table, 0), last = buildLabel(table, table.rows.count - 1)
        svg += "<text class=\"tick\" x=\"\(f(left))\" y=\"\(f(height - 12))\">\(HTMLEscaping.attribute(first))</text>\n"
        if table.rows.count > 1 {
            svg += "<text class=\"tick\" x=\"\(f(width - right))\" y=\"\(f(height - 12))\" text-anchor=\"end\">"
                + HTMLEscaping.attribute(last) + "</text>\n"
        }
        for (n, series) in values.enumerated() {
            var segments: [[String]] = [[]]
            for (i, v) in series.enumerated() {
                if let v {
                    segments[segments.count - 1].append("\(f(x(i))),\(f(y(v)))")
                } else if !segments[segments.count - 1].isEmpty {
                    segments.append([])
                }
            }
            let colour = palette[n % palette.count]
            let dash = n >= palette.count ? " stroke-dasharray=\"6 3\"" : ""
            for points in segments where !points.isEmpty {
                let xy = points[0].split(separator: ",")
                let shape = points.count == 1 ? "<circle cx=\"\(xy[0])\" cy=\"\(xy[1])\" r=\"3\" fill=\"\(colour)\">"
                    : "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\"\(dash) "
                        + "points=\"\(points.joined(separator: " "))\">"
                svg += shape + "<title>" + HTMLEscaping.attribute(table.columns[charted[n]].title) + "</title>"
                    + (points.count == 1 ? "</circle>\n" : "</polyline>\n")
            }
        }
        return svg + "</svg>\n"
    }

    /// The legend: one entry per line, in the chart's colours.
    static func legend(_ table: HistoryTable) -> String {
        let charted = table.columns.filter(\.charted)
        return "<ul class=\"legend\">\n" + charted.enumerated().map { n, c in
            "<li><span class=\"swatch\" style=\"background:\(palette[n % palette.count])\"></span>"
                + HTMLEscaping.attribute(c.title) + "</li>\n"
        }.joined() + "</ul>\n"
    }

    static func buildLabel(_ table: HistoryTable, _ row: Int) -> String {
        let cells = table.rows[row]
        return cells.count > 3 ? "\(cells[2].display) (\(cells[3].display))" : cells.first?.display ?? ""
    }

    static func label(_ v: Double, unit: String) -> String {
        if unit == "percent" { return String(format: "%.0f%%", v) }
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = v, i = 0
        while value >= 1000 && i < units.count - 1 { value /= 1000; i += 1 }
        return i == 0 ? String(format: "%.0f B", value) : String(format: "%.1f", value) + " " + units[i]
    }

    static func f(_ v: Double) -> String { String(format: "%.1f", v) }
}

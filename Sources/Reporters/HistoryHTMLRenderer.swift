/// The HTML form of a history table: one self-contained page in the diff page's style and
/// under its Content-Security-Policy (`HTMLAssets`; no script, no network, no external
/// asset), with the trend drawn as an inline SVG line chart (each build named under the x
/// axis, each value a marked point) and the same data as a table: sizes in human units,
/// the first column pinned while the rest scrolls on a narrow screen. Every recorded text
/// is escaped.
public enum HistoryHTMLRenderer {
    /// The page for `table`; the same table renders the same bytes.
    public static func render(_ table: HistoryTable) -> String {
        let title = HTMLEscaping.text(table.title)
        var out = HTMLAssets.head(title: table.title, generator: nil) + "<body>\n"
        out += "<header class=\"page-head\">\n<p class=\"kicker\">bundlediff · History</p>\n<h1>\(title)</h1>\n"
        out += "<dl class=\"facts\">\n"
            + "<div><dt>App</dt><dd><code><bdi>\(HTMLEscaping.text(table.app))</bdi></code></dd></div>\n"
            + "<div><dt>Channel</dt><dd><code><bdi>\(HTMLEscaping.text(table.channel))</bdi></code></dd></div>\n"
            + "<div><dt>Builds</dt><dd>\(table.rows.count), oldest first</dd></div>\n</dl>\n</header>\n<main>\n"
        if let chart = HistoryChartSVG.render(table, labelledBy: "trend-caption") {
            out += "<section id=\"trend\" aria-labelledby=\"trend-title\">\n<h2 id=\"trend-title\">Trend</h2>\n"
                + "<figure>\n<div class=\"scroll-x\" tabindex=\"0\" role=\"region\" aria-label=\"Trend chart\">\n" + chart
                + "</div>\n<figcaption id=\"trend-caption\" class=\"note\">\(title): one point per build, oldest on the left "
                + "(unit: \(HTMLEscaping.text(table.chartUnit ?? ""))); the table below holds the same values.</figcaption>\n"
                + HistoryChartSVG.legend(table) + "</figure>\n</section>\n"
        }
        out += "<section id=\"builds\" aria-labelledby=\"builds-title\">\n<h2 id=\"builds-title\">Per build</h2>\n"
        if !table.rows.isEmpty { rows(table, into: &out) }
        for note in table.notes { out += "<p class=\"note\">\(HTMLEscaping.text(note))</p>\n" }
        out += "</section>\n</main>\n"
        return out + "<footer><p>Made by bundlediff. This page is self-contained: it loads nothing.</p></footer>\n"
            + "</body>\n</html>\n"
    }

    private static func rows(_ table: HistoryTable, into out: inout String) {
        // A column is numeric (right-aligned, empty cells too) when any of its cells is a number.
        let numeric = table.columns.indices.map { i in
            table.rows.contains { row in
                guard i < row.count, case .number = row[i] else { return false }
                return true
            }
        }
        out += "<div class=\"scroll-x\" tabindex=\"0\" role=\"region\" aria-labelledby=\"builds-caption\">\n"
            + "<table class=\"pinned history\">\n<caption id=\"builds-caption\">\(HTMLEscaping.text(table.title))</caption>\n"
            + "<thead>\n<tr>" + table.columns.indices.map { i in
                "<th scope=\"col\"\(numeric[i] ? " class=\"num\"" : "")>\(HTMLEscaping.name(table.columns[i].title))</th>"
            }.joined() + "</tr>\n</thead>\n<tbody>\n"
        // Appended piece by piece rather than a string interpolated per cell: 10,000 builds
        // of 15 columns are 150,000 cells.
        let opening = table.columns.indices.map { i in
            (i == 0 ? "<th scope=\"row\"" : "<td") + (numeric[i] ? " class=\"num\">" : ">")
        }
        for row in table.rows {
            out += "<tr>"
            for (i, cell) in row.enumerated() {
                out += i < opening.count ? opening[i] : "<td>"
                out += content(cell, unit: i < table.columns.count ? table.columns[i].unit : nil)
                out += i == 0 ? "</th>" : "</td>"
            }
            out += "</tr>\n"
        }
        out += "</tbody>\n</table>\n</div>\n"
    }

    /// Bytes in human units with the exact count as the `<data>` value; other cells as shown.
    static func content(_ cell: HistoryTable.Cell, unit: HistoryTable.Unit?) -> String {
        guard case .number(let value, let display) = cell, let unit, value.isFinite, value.magnitude < 9e18 else {
            return HTMLEscaping.text(cell.display)
        }
        let human = unit == .bytes ? TextFormatting.bytes(UInt64(max(0, value))) : TextFormatting.signedBytes(Int64(value))
        return "<data value=\"\(HTMLEscaping.attribute(display))\">\(human)</data>"
    }
}

import Reporters
/// The HTML form of a history table: one self-contained page (no script, no network, no
/// external asset) with the trend drawn as an inline SVG line chart and, for screen
/// readers and exact values, the same data as a table. Every recorded text is escaped.
public enum HistoryHTMLRenderer {
    static let style = """
        body{font-family:system-ui,sans-serif;margin:2rem;color:#222}
        table{border-collapse:collapse;margin-top:1rem}
        th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}
        td{white-space:nowrap}
        td.num{text-align:right;font-variant-numeric:tabular-nums}
        .scroll{overflow-x:auto}
        caption{text-align:left;font-weight:bold;padding:.25rem 0}
        svg{max-width:760px;width:100%;height:auto}
        .axis{stroke:#444;stroke-width:1}
        .tick{font-size:11px;fill:#444}
        .legend{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:1rem}
        .swatch{display:inline-block;width:1rem;height:.5rem;margin-right:.3rem}
        """

    public static func render(_ table: HistoryTable) -> String {
        let title = HTMLEscaping.attribute(table.title)
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            + "<title>\(title)</title>\n<style>\n\(style)\n</style>\n</head>\n<body>\n<main>\n"
            + "<h1>\(title)</h1>\n<p>App <code>\(HTMLEscaping.attribute(table.app))</code>, channel "
            + "<code>\(HTMLEscaping.attribute(table.channel))</code>, \(table.rows.count) row(s), oldest first.</p>\n"
        if let chart = HistoryChartSVG.render(table, labelledBy: "chart-caption") {
            out += "<figure>\n" + chart + "<figcaption id=\"chart-caption\">\(title): trend per build, oldest on the left "
                + "(unit: \(HTMLEscaping.attribute(table.chartUnit ?? ""))); the table below holds the same values.</figcaption>\n"
                + HistoryChartSVG.legend(table) + "</figure>\n"
        }
        if !table.rows.isEmpty {
            out += "<div class=\"scroll\">\n<table>\n<caption>\(title)</caption>\n<thead>\n<tr>"
                + table.columns.map { "<th scope=\"col\">\(HTMLEscaping.attribute($0.title))</th>" }.joined() + "</tr>\n</thead>\n<tbody>\n"
            for row in table.rows {
                out += "<tr>" + row.map { cell in
                    if case .number = cell { return "<td class=\"num\">\(HTMLEscaping.attribute(cell.display))</td>" }
                    return "<td>\(HTMLEscaping.attribute(cell.display))</td>"
                }.joined() + "</tr>\n"
            }
            out += "</tbody>\n</table>\n</div>\n"
        }
        for note in table.notes { out += "<p>\(HTMLEscaping.attribute(note))</p>\n" }
        return out + "</main>\n</body>\n</html>\n"
    }
}

import BundleModel
import Comparison

extension HTMLReporter {
    /// Bars shown in each size chart.
    static let chartLimit = 12

    /// What grew and shrank: per bundle and the largest file changes, each as a chart with
    /// its data as a table (the chart's text alternative).
    static func sizes(_ r: DiffReport, into out: inout String) {
        let c = r.comparison
        out += "<section id=\"sizes\" aria-labelledby=\"sizes-title\">\n<h2 id=\"sizes-title\">Size changes</h2>\n"
        let old = c.old.totalBytes, new = c.new.totalBytes
        out += "<p>All files of the build: \(TextFormatting.bytes(old)) → \(TextFormatting.bytes(new)) "
            + "(\(delta(Int64(clamping: new) &- Int64(clamping: old))), "
            + "\(TextFormatting.signed(Int64(clamping: new) &- Int64(clamping: old))) bytes).</p>\n"
        let perBundle = HTMLSizeChart.bundles(BundleSummary.all(c), limit: chartLimit)
        let perFile = HTMLSizeChart.files(c, limit: chartLimit)
        guard !perBundle.bars.isEmpty || !perFile.bars.isEmpty else {
            out += "<p>No file changed size.</p>\n</section>\n"
            return
        }
        out += "<ul class=\"legend\"><li><span class=\"key grew\" aria-hidden=\"true\"></span>grew (+, to the right)</li>"
            + "<li><span class=\"key shrank\" aria-hidden=\"true\"></span>shrank (−, to the left)</li></ul>\n"
        if !perBundle.bars.isEmpty {
            chart(perBundle, id: "size-bundles", title: "Size change per bundle",
                  what: "bundle's own files (nested bundles excluded)", column: "Bundle", into: &out)
        }
        if !perFile.bars.isEmpty {
            chart(perFile, id: "size-files", title: "Largest file size changes",
                  what: "files added, removed or modified, largest change first (top \(chartLimit))",
                  column: "File", into: &out)
        }
        out += "</section>\n"
    }

    private static func chart(_ chart: HTMLSizeChart, id: String, title: String, what: String, column: String,
                              into out: inout String) {
        let grew = chart.bars.count { $0.delta > 0 }
        out += "<figure>\n<figcaption><h3>\(title)</h3><p class=\"note\">The \(what): \(grew) grew and "
            + "\(chart.bars.count - grew) shrank.</p></figcaption>\n"
        out += chart.html(id: id, title: title)
        out += "</figure>\n<details class=\"data\"><summary>\(title) as a table</summary>\n" + scrollRegion(title)
            + "<table>\n<caption>\(title)</caption>\n"
        out += "<thead><tr><th scope=\"col\">\(column)</th><th scope=\"col\" class=\"num\">Change</th>"
            + "<th scope=\"col\" class=\"num\">Bytes</th></tr></thead>\n<tbody>\n"
        for bar in chart.bars {
            out += "<tr><th scope=\"row\"><code>\(HTMLEscaping.path(bar.name))</code></th>"
                + "<td class=\"num\">\(delta(bar.delta))</td><td class=\"num\">\(TextFormatting.signed(bar.delta))</td></tr>\n"
        }
        out += "</tbody>\n</table>\n</div>\n</details>\n"
    }
}

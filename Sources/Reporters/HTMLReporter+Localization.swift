import Rules

extension HTMLReporter {
    /// Missing keys named in a cell's tooltip.
    static let tooltipKeys = 20

    /// Per bundle, string tables × languages: how many reference keys each language lacks,
    /// coloured by the share missing, with the gaps this build opened marked in text.
    static func localization(_ r: DiffReport, into out: inout String) {
        guard !r.localization.isEmpty else { return }
        out += "<section id=\"localization\" aria-labelledby=\"localization-title\">\n"
        out += "<h2 id=\"localization-title\">Localization</h2>\n"
        out += "<p class=\"note\">Each cell counts the keys of the reference language that a language lacks in a "
            + "string table; a cell's tooltip names them, and so does the list below each table. <strong>▲ N new</strong> marks gaps this build opened. "
            + "Languages with gaps come first, new gaps before old ones.</p>\n"
        out += "<ul class=\"swatches matrix\" aria-label=\"Legend\">"
            + "<li><span class=\"gap-0\">✓</span>none missing</li><li><span class=\"gap-1\">≤ 10 %</span>of the keys missing</li>"
            + "<li><span class=\"gap-2\">≤ 25 %</span></li><li><span class=\"gap-3\">≤ 50 %</span></li>"
            + "<li><span class=\"gap-4\">&gt; 50 %</span></li><li><span class=\"gap-4\">— absent</span>no such table</li>"
            + "<li><span class=\"new-gap\">▲ N new</span>gaps new in this build</li>"
            + "<li><span class=\"gap-na\">n/a</span>no folder of that language here</li></ul>\n"
        for change in r.localization.prefix(rowLimit) { matrix(change, into: &out) }
        out += "</section>\n"
    }

    private static func matrix(_ change: LocalizationMatrix.Change, into out: inout String) {
        guard let matrix = change.new ?? change.old else { return }
        let removed = change.new == nil
        out += "<h3>\(HTMLEscaping.isolated(change.bundle))\(removed ? " <span class=\"muted\">(removed bundle: old build)</span>" : "")</h3>\n"
        let languages = failingFirst(matrix, change: removed ? nil : change)
        if let old = change.old, !removed {
            let dropped = old.languages.filter { !languages.contains($0) }
            if !dropped.isEmpty {
                out += "<p class=\"note\">No longer in any table: \(dropped.map(HTMLEscaping.text).joined(separator: ", ")).</p>\n"
            }
        }
        out += scrollRegion("Localization of \(change.bundle)") + "<table class=\"matrix pinned\">\n<caption>Missing keys per string table and language</caption>\n"
        out += "<thead><tr><th scope=\"col\">String table</th><th scope=\"col\">Reference</th>"
        for language in languages { out += "<th scope=\"col\">\(HTMLEscaping.text(language))</th>" }
        out += "</tr></thead>\n<tbody>\n"
        for table in matrix.tables.prefix(rowLimit) {
            out += "<tr><th scope=\"row\"><code>\(HTMLEscaping.path(table.name, breakAfterDot: true))</code></th>"
            out += "<td class=\"ref\">\(HTMLEscaping.text(table.reference)) · \(table.referenceKeys) key\(table.referenceKeys == 1 ? "" : "s")</td>"
            for language in languages {
                let cell = table.cells.first { $0.language == language }
                let newGaps = removed ? 0 : change.newGaps(table: table.name, language: language).count
                out += self.cell(cell, in: table, newGaps: newGaps)
            }
            out += "</tr>\n"
        }
        out += moreRow(matrix.tables.count - rowLimit, columns: languages.count + 2)
        out += "</tbody>\n</table>\n</div>\n"
        missingKeys(matrix, into: &out)
    }

    /// The matrix's languages, those with gaps first (gaps this build opened before older
    /// ones), each group in the matrix's order: on a narrow screen the failing languages sit
    /// next to the pinned first column, not past the edge.
    static func failingFirst(_ matrix: LocalizationMatrix, change: LocalizationMatrix.Change?) -> [String] {
        func rank(_ language: String) -> Int {
            if let change, matrix.tables.contains(where: { !change.newGaps(table: $0.name, language: language).isEmpty }) {
                return 0
            }
            let gap = matrix.tables.contains { table in
                table.cells.contains { $0.language == language && ($0.keys == nil || !$0.missing.isEmpty) }
            }
            return gap ? 1 : 2
        }
        return matrix.languages.enumerated().map { (rank: rank($0.element), index: $0.offset, language: $0.element) }
            .sorted { ($0.rank, $0.index) < ($1.rank, $1.index) }.map(\.language)
    }

    /// The missing keys themselves, cell by cell, for readers who cannot reach a tooltip
    /// (keyboard, screen reader, print): collapsed, capped like the tooltips.
    private static func missingKeys(_ matrix: LocalizationMatrix, into out: inout String) {
        let gaps = matrix.tables.flatMap { table in
            table.cells.filter { !$0.missing.isEmpty }.map { (table: table.name, cell: $0) }
        }
        guard !gaps.isEmpty else { return }
        out += "<details class=\"missing-keys\"><summary>Missing keys, by table and language (\(gaps.count))</summary>\n<ul>\n"
        for gap in gaps.prefix(rowLimit) {
            let keys = gap.cell.missing
            let shown = keys.prefix(tooltipKeys).map { "<code>" + HTMLEscaping.text($0) + "</code>" }.joined(separator: ", ")
            out += "<li><code>\(HTMLEscaping.path(gap.table))</code>, \(HTMLEscaping.text(gap.cell.language)): \(shown)"
                + (keys.count > tooltipKeys ? " (\(keys.count - tooltipKeys) more)" : "") + "</li>\n"
        }
        if gaps.count > rowLimit { out += "<li>\(gaps.count - rowLimit) more not shown</li>\n" }
        out += "</ul>\n</details>\n"
    }

    private static func cell(_ cell: LocalizationMatrix.Cell?, in table: LocalizationMatrix.Table, newGaps: Int) -> String {
        guard let cell else {
            return "<td class=\"gap-na\" title=\"No folder of this language beside this table\">n/a</td>"
        }
        let missing = cell.missing.count
        let bucket = cell.keys == nil ? 4 : Self.bucket(missing: missing, of: table.referenceKeys)
        var text: String
        if cell.keys == nil {
            text = "— absent"
        } else if missing == 0 {
            text = cell.language == table.reference ? "✓ reference" : "✓"
        } else {
            text = "\(missing) missing"
        }
        var tip = "\(cell.language), \(table.name): "
        tip += cell.keys == nil ? "table absent, all \(table.referenceKeys) reference keys missing"
            : "\(missing) of \(table.referenceKeys) reference keys missing"
        if missing > 0 {
            let shown = cell.missing.prefix(tooltipKeys).joined(separator: ", ")
            tip += ": " + shown + (missing > tooltipKeys ? " (\(missing - tooltipKeys) more)" : "")
        }
        var classes = "gap-\(bucket)"
        if newGaps > 0 {
            classes += " new-gap"
            text += "<span class=\"tag\">▲ \(newGaps) new</span>"
            tip += "; \(newGaps) new in this build"
        }
        return "<td class=\"\(classes)\" title=\"\(HTMLEscaping.attribute(tip))\">\(text)</td>"
    }

    /// 0 none missing, 1 up to 10 %, 2 up to 25 %, 3 up to half, 4 more.
    static func bucket(missing: Int, of total: Int) -> Int {
        guard missing > 0 else { return 0 }
        guard total > 0 else { return 4 }
        switch missing * 20 {
        case ...(total * 2): return 1
        case ...(total * 5): return 2
        case ...(total * 10): return 3
        default: return 4
        }
    }
}

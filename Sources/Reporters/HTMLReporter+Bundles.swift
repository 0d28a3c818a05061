import Comparison

extension HTMLReporter {
    /// One row per bundle: versions, file counts, size and languages.
    static func bundles(_ r: DiffReport, into out: inout String) {
        let summaries = BundleSummary.all(r.comparison)
        out += "<section id=\"bundles\" aria-labelledby=\"bundles-title\">\n<h2 id=\"bundles-title\">Bundles</h2>\n"
        out += scrollRegion("Bundles") + "<table>\n<caption>\(summaries.count) bundle\(summaries.count == 1 ? "" : "s"), outermost first</caption>\n"
        out += "<thead><tr><th scope=\"col\">Bundle</th><th scope=\"col\">Status</th><th scope=\"col\">Version</th>"
            + "<th scope=\"col\" class=\"num\">Files added</th><th scope=\"col\" class=\"num\">removed</th>"
            + "<th scope=\"col\" class=\"num\">modified</th><th scope=\"col\" class=\"num\">Size</th>"
            + "<th scope=\"col\" class=\"num\">Change</th><th scope=\"col\">Languages</th></tr></thead>\n<tbody>\n"
        for b in summaries.prefix(rowLimit) {
            let path = (b.new ?? b.old).map { HTMLEscaping.path($0.path.description) } ?? ""
            out += "<tr><th scope=\"row\">\(HTMLEscaping.isolated(b.name))<br><code class=\"muted\">\(path)</code></th>"
            out += "<td>\(b.status.rawValue)</td>"
            out += "<td class=\"nowrap\">\(HTMLEscaping.text(TextFormatting.version(b.old))) → \(HTMLEscaping.text(TextFormatting.version(b.new)))</td>"
            out += "<td class=\"num\">\(b.filesAdded)</td><td class=\"num\">\(b.filesRemoved)</td><td class=\"num\">\(b.filesModified)</td>"
            out += "<td class=\"num\">\(TextFormatting.bytes(b.newBytes))</td>"
            out += "<td class=\"num\">\(delta(b.bytesDelta))</td>"
            out += "<td>\(languages(b))</td></tr>\n"
        }
        out += moreRow(summaries.count - rowLimit, columns: 9)
        out += "</tbody>\n</table>\n</div>\n</section>\n"
    }

    /// `+513 B` coloured by direction (the sign carries the meaning).
    static func delta(_ bytes: Int64) -> String {
        let text = TextFormatting.signedBytes(bytes)
        if bytes == 0 { return text }
        return "<span class=\"\(bytes > 0 ? "delta-grew" : "delta-shrank")\">\(text)</span>"
    }

    private static func languages(_ b: BundleSummary) -> String {
        var parts: [String] = []
        if !b.languages.isEmpty { parts.append(b.languages.map(HTMLEscaping.text).joined(separator: " ")) }
        if !b.languagesAdded.isEmpty { parts.append("added " + b.languagesAdded.map(HTMLEscaping.text).joined(separator: " ")) }
        if !b.languagesRemoved.isEmpty {
            parts.append("removed " + b.languagesRemoved.map(HTMLEscaping.text).joined(separator: " "))
        }
        for rename in b.languagesRenamed {
            parts.append("renamed \(HTMLEscaping.text(rename.from)) → \(HTMLEscaping.text(rename.to))")
        }
        return parts.isEmpty ? "<span class=\"muted\">none</span>" : parts.joined(separator: "; ")
    }
}

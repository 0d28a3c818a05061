import Comparison

extension HTMLReporter {
    /// Resources that moved: old path → new path, the kind of move and the bundles it
    /// crosses.
    static func moves(_ r: DiffReport, into out: inout String) {
        let moves = r.comparison.moves
        guard !moves.isEmpty else { return }
        out += "<section id=\"moves\" aria-labelledby=\"moves-title\">\n<h2 id=\"moves-title\">Moved resources</h2>\n"
        out += scrollRegion("Moved resources") + "<table>\n<caption>\(moves.count) move\(moves.count == 1 ? "" : "s"): code and configuration "
            + "that name the old path must follow</caption>\n"
        out += "<thead><tr><th scope=\"col\">Old path</th><th scope=\"col\"><span aria-hidden=\"true\">→ </span>New path</th>"
            + "<th scope=\"col\">Kind</th><th scope=\"col\" class=\"num\">Files</th><th scope=\"col\">Bundle</th></tr></thead>\n<tbody>\n"
        for m in moves.prefix(rowLimit) {
            out += "<tr><td><code>\(HTMLEscaping.isolated(r.comparison.fromInBundle(m).description))</code></td>"
            out += "<td>" + r.comparison.toInBundle(m).map { "<code><span aria-hidden=\"true\">→ </span>\(HTMLEscaping.isolated($0.description))</code>" }
                .joined(separator: "<br>") + "</td>"
            out += "<td>\(kind(m))</td><td class=\"num\">\(m.fileCount)</td><td>\(bundles(m))</td></tr>\n"
        }
        out += moreRow(moves.count - rowLimit, columns: 5)
        out += "</tbody>\n</table>\n</div>\n</section>\n"
    }

    private static func kind(_ m: ResourceMove) -> String {
        var parts = [m.kind.rawValue]
        if m.contentChanged { parts.append("content changed") }
        switch m.localization {
        case .intoLocalization(let language)?: parts.append("into \(HTMLEscaping.text(language)).lproj")
        case .outOfLocalization(let language)?: parts.append("out of \(HTMLEscaping.text(language)).lproj")
        case .betweenLocalizations(let from, let to)?:
            parts.append("\(HTMLEscaping.text(from)).lproj → \(HTMLEscaping.text(to)).lproj")
        case nil: break
        }
        return parts.joined(separator: ", ")
    }

    private static func bundles(_ m: ResourceMove) -> String {
        let from = m.fromBundle.map(HTMLEscaping.isolated) ?? "<span class=\"muted\">outside bundles</span>"
        guard m.crossesBundles else { return from }
        let to = m.toBundle.map(HTMLEscaping.isolated) ?? "<span class=\"muted\">outside bundles</span>"
        return "<strong>crosses bundles:</strong> \(from) → \(to)"
    }
}

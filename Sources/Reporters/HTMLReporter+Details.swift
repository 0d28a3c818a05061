import BundleModel
import Comparison

extension HTMLReporter {
    /// Every change per bundle (open by default, so the page reads and prints whole):
    /// files (a Mach-O file added or changed with its facts: `BinaryFactsText`),
    /// property-list values and signature noise.
    static func details(_ r: DiffReport, into out: inout String) {
        let c = r.comparison
        let facts = BinaryFactsText(c)
        out += "<section id=\"changes\" aria-labelledby=\"changes-title\">\n<h2 id=\"changes-title\">Changes per bundle</h2>\n"
        let changed = c.bundles.filter { !$0.isEmpty }
        if changed.isEmpty && c.outsideBundles.isEmpty { out += "<p>No file changed.</p>\n" }
        for b in changed.prefix(rowLimit) {
            let counts = "+\(b.files.added.count) −\(b.files.removed.count) ~\(b.files.modified.count) files, "
                + "\(b.plistChanges.count) property list\(b.plistChanges.count == 1 ? "" : "s")"
            out += "<details open>\n<summary><h3>\(HTMLEscaping.isolated(b.name))</h3> "
                + "<span class=\"muted\">\(counts)</span></summary>\n"
            files(b.files, in: b.bundle, removedIn: b.old, facts: facts, into: &out)
            plists(b, into: &out)
            if !b.signatureNoise.isEmpty {
                out += "<p class=\"note\">Signature noise (re-signing only): "
                    + b.signatureNoise.prefix(rowLimit).map {
                        "<code>\(HTMLEscaping.text(TextFormatting.path($0.path, in: b.bundle)))</code> (\($0.kind.rawValue))"
                    }.joined(separator: ", ") + "</p>\n"
            }
            out += "</details>\n"
        }
        if !c.outsideBundles.isEmpty {
            out += "<details open>\n<summary><h3>Outside bundles</h3></summary>\n"
            files(c.outsideBundles, in: nil, removedIn: nil, facts: facts, into: &out)
            out += "</details>\n"
        }
        out += "</section>\n"
    }

    /// `removedIn`: the old side's bundle, which removed paths are relative to.
    private static func files(_ changes: FileChanges, in bundle: BundleInfo?, removedIn: BundleInfo?,
                              facts: BinaryFactsText, into out: inout String) {
        guard !changes.isEmpty else { return }
        var rows: [String] = []
        func row(_ kind: String, _ path: BundlePath, _ old: String, _ new: String, _ change: String, _ binary: String? = nil) {
            let side = kind == "removed" ? removedIn ?? bundle : bundle
            let binary = binary.map { " <span class=\"muted\">\(HTMLEscaping.text($0))</span>" } ?? ""
            rows.append("<tr><td class=\"kind-\(kind)\">\(kind)</td><td><code>\(HTMLEscaping.path(TextFormatting.path(path, in: side)))"
                + "</code>\(binary)</td><td class=\"num\">\(old)</td><td class=\"num\">\(new)</td><td class=\"num\">\(change)</td></tr>\n")
        }
        for e in changes.added {
            row("added", e.path, "—", TextFormatting.grouped(e.size), TextFormatting.signed(Int64(clamping: e.size)), facts.added(e.path))
        }
        for e in changes.removed { row("removed", e.path, TextFormatting.grouped(e.size), "—", TextFormatting.signed(-Int64(clamping: e.size))) }
        for m in changes.modified {
            let change = m.isModeOnly ? "mode \(m.old.isExecutable ? "755" : "644") → \(m.new.isExecutable ? "755" : "644")"
                : TextFormatting.signed(m.sizeDelta)
            row("modified", m.path, TextFormatting.grouped(m.old.size), TextFormatting.grouped(m.new.size), change, facts.modified(m))
        }
        out += scrollRegion("Files") + "<table>\n<caption>Files (sizes in bytes)</caption>\n<thead><tr><th scope=\"col\">Change</th><th scope=\"col\">Path</th>"
            + "<th scope=\"col\" class=\"num\">Old</th><th scope=\"col\" class=\"num\">New</th>"
            + "<th scope=\"col\" class=\"num\">Difference</th></tr></thead>\n<tbody>\n"
        out += rows.prefix(rowLimit).joined() + moreRow(rows.count - rowLimit, columns: 5) + "</tbody>\n</table>\n</div>\n"
    }

    private static func plists(_ b: BundleComparison, into out: inout String) {
        guard !b.plistChanges.isEmpty else { return }
        var rows: [String] = []
        for p in b.plistChanges {
            let file = "<td><code>\(HTMLEscaping.path(TextFormatting.path(p.path, in: b.bundle)))</code></td>"
            if let f = p.formatChange {
                let what = "format \(format(f.oldFormat.rawValue, f.oldEncoding?.rawValue)) → "
                    + "\(format(f.newFormat.rawValue, f.newEncoding?.rawValue))" + (p.isFormatOnly ? " (values unchanged)" : "")
                rows.append("<tr>\(file)<td colspan=\"4\">\(HTMLEscaping.text(what))</td></tr>\n")
            }
            if let problem = p.decodeProblem {
                rows.append("<tr>\(file)<td colspan=\"4\">undecodable: \(HTMLEscaping.text(problem))</td></tr>\n")
            }
            for k in p.keyChanges {
                rows.append("<tr>\(file)<td><code>\(HTMLEscaping.text(k.keyPathDescription))</code></td><td>\(k.kind.rawValue)</td>"
                    + "<td><code>\(HTMLEscaping.text(ValueText.inline(k.oldValue)))</code></td>"
                    + "<td><code>\(HTMLEscaping.text(ValueText.inline(k.newValue)))</code></td></tr>\n")
            }
        }
        out += scrollRegion("Property-list values") + "<table>\n<caption>Property-list values</caption>\n<thead><tr><th scope=\"col\">File</th>"
            + "<th scope=\"col\">Key path</th><th scope=\"col\">Change</th><th scope=\"col\">Old value</th>"
            + "<th scope=\"col\">New value</th></tr></thead>\n<tbody>\n"
        out += rows.prefix(rowLimit).joined() + moreRow(rows.count - rowLimit, columns: 5) + "</tbody>\n</table>\n</div>\n"
    }

    private static func format(_ format: String, _ encoding: String?) -> String {
        encoding.map { "\(format) (\($0))" } ?? format
    }
}

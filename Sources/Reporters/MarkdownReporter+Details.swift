import BundleModel
import Comparison
import Rules

/// The collapsible details of the Markdown report: files and property lists per bundle,
/// files outside bundles, moved resources and the localization matrices. A Mach-O file
/// added or changed carries its facts in the size column (`BinaryFactsText`).
extension MarkdownReporter {
    static func details(_ b: BundleComparison, facts: BinaryFactsText, budget: Int) -> String? {
        let inBundle = b.bundle
        func path(_ p: BundlePath) -> String { MarkdownText.inline(TextFormatting.path(p, in: inBundle)) }
        var files = MarkdownTable("Change", "Path", "Size")
        for e in b.files.added { files.add("added", path(e.path), added(e, facts)) }
        for e in b.files.removed {
            files.add("removed", MarkdownText.inline(TextFormatting.path(e.path, in: b.old ?? inBundle)), TextFormatting.bytes(e.size))
        }
        for m in b.files.modified { files.add("modified", path(m.path), modification(m, facts)) }
        for n in b.signatureNoise { files.add("signature noise", path(n.path), n.kind.rawValue) }
        var plists = MarkdownTable("Property list", "Key", "Change", "Old", "New")
        for p in b.plistChanges {
            if let f = p.formatChange {
                plists.add(path(p.path), "(format)", p.isFormatOnly ? "format only" : "format",
                           format(f.oldFormat.rawValue, f.oldEncoding?.rawValue),
                           format(f.newFormat.rawValue, f.newEncoding?.rawValue))
            }
            if let problem = p.decodeProblem {
                plists.add(path(p.path), "(decoding)", "undecodable", "", MarkdownText.inline(problem))
            }
            for k in p.keyChanges {
                let key = k.keyPath.isEmpty ? "(root)" : MarkdownText.inline(k.keyPathDescription, limit: 120)
                plists.add(path(p.path), key, k.kind.rawValue,
                           MarkdownText.inline(ValueText.inline(k.oldValue)), MarkdownText.inline(ValueText.inline(k.newValue)))
            }
        }
        var parts = ["\(b.files.added.count) added", "\(b.files.removed.count) removed",
                     "\(b.files.modified.count) modified"]
        if !b.plistChanges.isEmpty { parts.append("\(b.plistChanges.count) property list(s) changed") }
        if !b.signatureNoise.isEmpty { parts.append("\(b.signatureNoise.count) signature noise") }
        let summary = MarkdownText.html(b.name, limit: 80) + " [\(b.status.rawValue)]: " + parts.joined(separator: ", ")
        return section(summary, [files, plists], budget: budget)
    }

    static func outside(_ changes: FileChanges, facts: BinaryFactsText, budget: Int) -> String? {
        var files = MarkdownTable("Change", "Path", "Size")
        for e in changes.added { files.add("added", MarkdownText.inline(e.path.description), added(e, facts)) }
        for e in changes.removed { files.add("removed", MarkdownText.inline(e.path.description), TextFormatting.bytes(e.size)) }
        for m in changes.modified { files.add("modified", MarkdownText.inline(m.path.description), modification(m, facts)) }
        return section("Outside bundles: \(files.rows.count) file(s)", [files], budget: budget)
    }

    static func moves(_ c: BuildComparison, budget: Int) -> String? {
        let moves = c.moves
        var table = MarkdownTable("From", "To", "Kind")
        for m in moves {
            var kind = m.kind.rawValue
            if m.fileCount > 1 { kind += ", \(m.fileCount) files" }
            if m.contentChanged { kind += ", content changed" }
            if m.crossesBundles {
                kind += ", from \(m.fromBundle ?? "(none)") to \(m.toBundle ?? "(none)")"
            } else if let bundle = m.fromBundle {
                kind += ", in \(bundle)"
            }
            table.add(MarkdownText.inline(c.fromInBundle(m).description),
                      MarkdownText.inline(c.toInBundle(m).map(\.description).joined(separator: ", ")), MarkdownText.inline(kind))
        }
        return section("Moved resources: \(moves.count)", [table], budget: budget)
    }

    /// The new build's tables × languages: keys per language, reference keys missing, and
    /// how many of those gaps this build opened.
    static func localization(_ change: LocalizationMatrix.Change, budget: Int) -> String? {
        guard let matrix = change.new else { return nil }
        let languages = matrix.languages
        var table = MarkdownTable(header: ["Table", "Reference"] + languages.map { MarkdownText.inline($0, limit: 40) })
        var gaps = 0
        for t in matrix.tables {
            var row = [MarkdownText.inline(t.name, limit: 120), "\(MarkdownText.inline(t.reference)), \(t.referenceKeys) key(s)"]
            for language in languages {
                guard let cell = t.cells.first(where: { $0.language == language }) else { row.append(""); continue }
                let opened = change.newGaps(table: t.name, language: language).count
                gaps += opened
                var text = cell.keys.map(String.init) ?? "—"
                if !cell.missing.isEmpty { text += " (−\(cell.missing.count)" + (opened > 0 ? ", \(opened) new)" : ")") }
                row.append(text)
            }
            table.rows.append(row)
        }
        let summary = "Localization: " + MarkdownText.html(change.bundle, limit: 80)
            + " (\(matrix.tables.count) table(s) × \(languages.count) language(s), \(gaps) new gap(s))"
        // When rows must go, the tables with gaps stay.
        let gapless = matrix.tables.map { $0.cells.allSatisfy(\.missing.isEmpty) }
        return section(summary, [table], budget: budget, priority: { gapless[$0] ? 1 : 0 })
    }

    private static func modification(_ m: FileModification, _ facts: BinaryFactsText) -> String {
        if m.isModeOnly { return "mode \(m.old.isExecutable ? "755" : "644") → \(m.new.isExecutable ? "755" : "644")" }
        return "\(TextFormatting.grouped(m.old.size)) → \(TextFormatting.grouped(m.new.size)) B (\(TextFormatting.signed(m.sizeDelta)))"
            + (facts.modified(m).map { "; " + MarkdownText.inline($0) } ?? "")
    }

    private static func added(_ e: FileEntry, _ facts: BinaryFactsText) -> String {
        TextFormatting.bytes(e.size) + (facts.added(e.path).map { "; " + MarkdownText.inline($0) } ?? "")
    }

    private static func format(_ format: String, _ encoding: String?) -> String {
        encoding.map { "\(format) (\($0))" } ?? format
    }
}

import BundleModel
import Comparison

/// The text report's changes: one block per bundle that changed (its files, its property
/// lists with their key changes, its signature noise), files outside every bundle, then
/// the moved resources. By default each list keeps to its `TextLimits` cap, a property
/// list is one line of counts (`fr.lproj/Localizable.strings: 12 added, 3 removed, 40
/// changed`), and the blocks together keep to the lines the rest of the report leaves.
extension TextReporter {
    /// Every block whole when that fits in `room` lines, else with lists capped at 4 or 2
    /// times `limits` when that fits, else capped by `limits` and by `room`.
    static func changes(_ c: BuildComparison, limits: TextLimits, room: Int) -> [String] {
        var whole = TextLimits.details
        whole.listsKeys = limits.listsKeys
        for factor in [0, 4, 2] {
            var caps = limits
            if factor == 0 {
                caps = whole
            } else {
                caps.filesPerBundle *= factor
                caps.plistsPerBundle *= factor
                caps.noisePerBundle *= factor
            }
            let lines = blocks(c, caps: caps, room: TextLimits.all)
            if lines.count <= room || limits.isDetailed { return lines }
        }
        return blocks(c, caps: limits, room: room)
    }

    /// The blocks with lists capped by `caps`, in `room` lines.
    private static func blocks(_ c: BuildComparison, caps: TextLimits, room: Int) -> [String] {
        let facts = BinaryFactsText(c)
        var blocks: [(title: String, lists: [Listing])] = c.bundles.filter { !$0.isEmpty }.map { b in
            let at = (b.new.map { c.location(of: $0, isNew: true) } ?? b.old.map { c.location(of: $0, isNew: false) })
                .map { " (\($0.description))" } ?? ""
            return ("== " + TextFormatting.oneLine(b.name) + at, lists(b, limits: caps, facts: facts))
        }
        if !c.outsideBundles.isEmpty {
            blocks.append(("== outside bundles", [files(c.outsideBundles, in: nil, removedFrom: nil, cap: caps.filesPerBundle,
                                                             facts: facts)]))
        }
        var out: [String] = []
        for (i, block) in blocks.enumerated() {
            let reserve = i + 1 < blocks.count ? 2 : 0
            guard let lines = render(block.title, block.lists, room: room - out.count - reserve) else {
                out += ["", LeftOut.note(blocks.count - i, of: "bundles with changes") + TextLimits.howToSeeMore]
                break
            }
            out += lines
        }
        return out
    }

    /// A list in a block: `count` items, at most `cap` shown, each as `lines(i)`.
    struct Listing {
        var count: Int
        var cap: Int
        var noun: String
        var lines: (Int) -> [String]
        /// Said of the items left out, after `i` were shown (`(3,456 key changes)`).
        var leftOut: (Int) -> String = { _ in "" }
    }

    /// A block in at most `room` lines: its title, then each list's first items and what it
    /// left out. Nil when not even the title and a line per list fit.
    private static func render(_ title: String, _ lists: [Listing], room: Int) -> [String]? {
        let lists = lists.filter { $0.count > 0 }
        guard room >= 2 + lists.count else { return nil }
        var out = ["", title]
        for (k, list) in lists.enumerated() {
            let shown = LeftOut.fit(list.count, cap: list.cap, room: room - out.count - (lists.count - k - 1))
            for i in 0..<shown { out += list.lines(i) }
            if shown < list.count {
                out.append("  " + LeftOut.note(list.count - shown, of: list.noun) + list.leftOut(shown)
                    + TextLimits.howToSeeMore)
            }
        }
        return out
    }

    private static func lists(_ b: BundleComparison, limits: TextLimits, facts: BinaryFactsText) -> [Listing] {
        let inBundle = b.bundle
        let noise = b.signatureNoise
        return [
            files(b.files, in: inBundle, removedFrom: b.old ?? inBundle, cap: limits.filesPerBundle, facts: facts),
            plists(b.plistChanges, in: inBundle, limits: limits),
            Listing(count: noise.count, cap: limits.noisePerBundle, noun: "signature noise", lines: { i in
                ["  ≈ \(TextFormatting.path(noise[i].path, in: inBundle)): \(noise[i].kind.rawValue) (signature noise)"]
            }),
        ]
    }

    /// One line per property list with its key changes counted (and, with `listsKeys`,
    /// each key change below). When the counted lines would pass the cap, one line per
    /// table across its language folders instead (`*.lproj/Localizable.strings in 25
    /// languages: …`), so a string change in every language still reads in a few lines.
    private static func plists(_ changes: [PlistFileChange], in bundle: BundleInfo?, limits: TextLimits) -> Listing {
        var groups: [[PlistFileChange]] = changes.map { [$0] }
        var names = changes.map { TextFormatting.path($0.path, in: bundle) }
        if !limits.listsKeys && changes.count > limits.plistsPerBundle {
            var order: [String] = []
            var members: [String: [PlistFileChange]] = [:]
            for (change, name) in zip(changes, names) {
                let table = Self.table(name)
                if members[table] == nil { order.append(table) }
                members[table, default: []].append(change)
            }
            groups = order.map { members[$0] ?? [] }
            names = order
        }
        return Listing(count: groups.count, cap: limits.plistsPerBundle,
                       noun: groups.count == changes.count ? "property lists" : "tables",
                       lines: { i in plist(groups[i], named: names[i], keys: limits.listsKeys) },
                       leftOut: { shown in
                           let keys = groups[shown...].reduce(0) { $0 + $1.reduce(0) { $0 + $1.keyChanges.count } }
                           return " (\(TextFormatting.grouped(UInt64(keys))) key changes)"
                       })
    }

    /// `*.lproj/Localizable.strings` for `fr.lproj/Localizable.strings`; other paths as they are.
    private static func table(_ path: String) -> String {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj") else { return path }
        parts[parts.count - 2] = "*.lproj"
        return parts.joined(separator: "/")
    }

    /// Files added, removed and modified, in that order; paths relative to the bundle. When
    /// they are more than `cap`, one line per file across its language folders instead
    /// (`- *.lproj/Home.strings in 24 languages (11.9 KB)`). A Mach-O file added or changed
    /// carries its facts (`BinaryFactsText`).
    private static func files(_ f: FileChanges, in bundle: BundleInfo?, removedFrom oldBundle: BundleInfo?,
                              cap: Int, facts: BinaryFactsText) -> Listing {
        var rows: [FileRow] = []
        for e in f.added {
            var row = FileRow("+", TextFormatting.path(e.path, in: bundle), old: 0, new: e.size)
            row.facts = facts.added(e.path)
            rows.append(row)
        }
        for e in f.removed { rows.append(FileRow("-", TextFormatting.path(e.path, in: oldBundle), old: e.size, new: 0)) }
        for m in f.modified {
            var row = FileRow("~", TextFormatting.path(m.path, in: bundle), old: m.old.size, new: m.new.size)
            if m.isModeOnly { row.mode = "mode \(m.old.isExecutable ? "755" : "644") → \(m.new.isExecutable ? "755" : "644")" }
            row.facts = facts.modified(m)
            rows.append(row)
        }
        let total = rows.count
        if total > cap {
            var order: [String] = []
            var merged: [String: FileRow] = [:]
            for row in rows {
                let key = row.symbol + table(row.name)
                guard var group = merged[key] else { order.append(key); merged[key] = row; continue }
                group.name = table(row.name)
                group.files += 1
                group.old &+= row.old
                group.new &+= row.new
                group.mode = nil
                group.facts = nil
                merged[key] = group
            }
            rows = order.compactMap { merged[$0] }
        }
        let grouped = rows.count < total
        return Listing(count: rows.count, cap: cap, noun: grouped ? "file groups" : "files",
                       lines: { [rows[$0].line] },
                       leftOut: { shown in
                           guard grouped else { return "" }
                           let files = rows[shown...].reduce(0) { $0 + $1.files }
                           return " (\(TextFormatting.grouped(UInt64(files))) files)"
                       })
    }

    /// A file change, or the same change to one file in several language folders.
    private struct FileRow {
        var symbol: String
        var name: String
        var old: UInt64
        var new: UInt64
        var files = 1
        /// `mode 644 → 755` for a change of the executable bit only.
        var mode: String?
        /// The Mach-O facts shown beside the size (`arm64; minimum iOS 15.0`).
        var facts: String?

        init(_ symbol: String, _ name: String, old: UInt64, new: UInt64) {
            (self.symbol, self.name, self.old, self.new) = (symbol, name, old, new)
        }

        var line: String {
            let name = files > 1 ? "\(self.name) in \(files) languages" : self.name
            switch symbol {
            case "+": return "  + \(name) (\(TextFormatting.bytes(new))\(facts.map { "; " + TextFormatting.oneLine($0) } ?? ""))"
            case "-": return "  - \(name) (\(TextFormatting.bytes(old)))"
            default:
                let what = mode ?? "\(TextFormatting.grouped(old)) → \(TextFormatting.grouped(new)) B "
                    + "(\(TextFormatting.signed(Int64(clamping: new) &- Int64(clamping: old))))"
                return "  ~ \(name): \(what)\(facts.map { "; " + TextFormatting.oneLine($0) } ?? "")"
            }
        }
    }

    /// `plist fr.lproj/Localizable.strings: 12 added, 3 removed, 40 changed; format …`
    /// for one property list, `plist *.lproj/Localizable.strings in 25 languages: …` for a
    /// table's copies; with `keys`, one line per key change below.
    private static func plist(_ group: [PlistFileChange], named name: String, keys: Bool) -> [String] {
        var counts: [String] = []
        for kind in [PlistKeyChange.Kind.added, .removed, .changed, .typeChanged] {
            let n = group.reduce(0) { $0 + $1.keyChanges.count { $0.kind == kind } }
            if n > 0 { counts.append("\(TextFormatting.grouped(UInt64(n))) \(kind.rawValue)") }
        }
        var parts = counts.isEmpty ? [] : [counts.joined(separator: ", ")]
        var title = "  plist \(name)"
        if let p = group.first, group.count == 1 {
            if let f = p.formatChange {
                parts.append("format \(format(f.oldFormat.rawValue, f.oldEncoding?.rawValue)) → "
                    + format(f.newFormat.rawValue, f.newEncoding?.rawValue) + (p.isFormatOnly ? " (values unchanged)" : ""))
            }
            if let problem = p.decodeProblem { parts.append("undecodable: " + TextFormatting.oneLine(problem)) }
        } else {
            title += " in \(group.count) languages"
            let formats = group.count { $0.formatChange != nil }
            if formats > 0 { parts.append("format changed in \(formats)") }
            let undecodable = group.count { $0.decodeProblem != nil }
            if undecodable > 0 { parts.append("\(undecodable) undecodable") }
        }
        var out = [title + ": " + parts.joined(separator: "; ")]
        guard keys else { return out }
        for k in group.flatMap(\.keyChanges) {
            var line = "      \(symbol(k.kind)) \(TextFormatting.oneLine(k.keyPathDescription)): "
                + "\(ValueText.inline(k.oldValue)) → \(ValueText.inline(k.newValue))"
            if k.kind == .typeChanged, let o = k.oldValue, let n = k.newValue { line += " (\(o.typeName) → \(n.typeName))" }
            out.append(line)
        }
        return out
    }

    /// MOVED RESOURCES: the first `TextLimits.moves`.
    static func moves(_ c: BuildComparison, limits: TextLimits) -> [String] {
        guard !c.moves.isEmpty else { return [] }
        var out = ["", "MOVED RESOURCES"]
        let shown = LeftOut.fit(c.moves.count, cap: limits.moves, room: limits.moves + 1)
        for m in c.moves.prefix(shown) {
            let targets = c.toInBundle(m).map(\.description).joined(separator: ", ")
            var line = "  \(c.fromInBundle(m)) → \(targets) [\(m.kind.rawValue)"
            if m.fileCount > 1 { line += ", \(m.fileCount) files" }
            if m.contentChanged { line += ", content changed" }
            line += "]"
            if m.crossesBundles {
                line += " from " + TextFormatting.oneLine(m.fromBundle ?? "(none)")
                    + " to " + TextFormatting.oneLine(m.toBundle ?? "(none)")
            } else if let bundle = m.fromBundle {
                line += " in " + TextFormatting.oneLine(bundle)
            }
            out.append(line)
        }
        if shown < c.moves.count { out.append("  " + LeftOut.note(c.moves.count - shown) + TextLimits.howToSeeMore) }
        return out
    }

    private static func format(_ format: String, _ encoding: String?) -> String {
        encoding.map { "\(format) (\($0))" } ?? format
    }

    private static func symbol(_ kind: PlistKeyChange.Kind) -> String {
        switch kind {
        case .added: "+"
        case .removed: "-"
        case .changed: "~"
        case .typeChanged: "!"
        }
    }
}

import BundleModel
import Comparison

/// The text report's changes: one block per bundle that changed (its files, its property
/// lists with their key changes, its signature noise), files outside every bundle, then
/// the moved resources. By default each list keeps to its `TextLimits` cap, a property
/// list is one line of counts (`fr.lproj/Localizable.strings: 12 added, 3 removed, 40
/// changed`), and the blocks together keep to the lines the rest of the report leaves.
extension TextReporter {
    /// Every block whole when that fits in `room` lines, else with lists capped at 4 or 2
    /// times `limits` when that fits, else capped by `limits` and by `room`. A try that
    /// cannot fit (each item takes a line at least) is not rendered: a bundle with a
    /// thousand changed files was formatted whole, then at the two wider caps, each time
    /// the report asked, to show its first ten.
    static func changes(_ c: BuildComparison, limits: TextLimits, room: Int, memo: FileRowMemo) -> [String] {
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
            let layout = blocks(c, caps: caps, memo: memo)
            guard limits.isDetailed || fewestLines(layout) <= room else { continue }
            let lines = render(layout, room: TextLimits.all)
            if lines.count <= room || limits.isDetailed { return lines }
        }
        return render(blocks(c, caps: limits, memo: memo), room: room)
    }

    /// A block of the changes: its title and its lists.
    private typealias Block = (title: String, lists: [Listing])

    /// The blocks with lists capped by `caps`: one per bundle that changed, then the files
    /// outside every bundle.
    private static func blocks(_ c: BuildComparison, caps: TextLimits, memo: FileRowMemo) -> [Block] {
        var blocks: [Block] = c.bundles.indices.filter { !c.bundles[$0].isEmpty }.map { i in
            let b = c.bundles[i]
            let at = (b.new.map { c.location(of: $0, isNew: true) } ?? b.old.map { c.location(of: $0, isNew: false) })
                .map { " (\($0.description))" } ?? ""
            let rows = memo.rows(i) { FileRows(b.files, in: b.bundle, removedFrom: b.old ?? b.bundle, facts: $0) }
            return ("== " + TextFormatting.oneLine(b.name) + at, lists(b, rows: rows, limits: caps))
        }
        if !c.outsideBundles.isEmpty {
            let rows = memo.rows(-1) { FileRows(c.outsideBundles, in: nil, removedFrom: nil, facts: $0) }
            blocks.append(("== outside bundles", [files(rows, cap: caps.filesPerBundle)]))
        }
        return blocks
    }

    /// The fewest lines `blocks` take with no limit on room: each block's blank line and
    /// title, and for each list its items shown (a line each at least) and its note.
    private static func fewestLines(_ blocks: [Block]) -> Int {
        blocks.reduce(0) { total, block in
            block.lists.reduce(total + 2) { sum, list in
                guard list.count > 0 else { return sum }
                return sum + LeftOut.lines(list.count, shown: LeftOut.fit(list.count, cap: list.cap, room: TextLimits.all))
            }
        }
    }

    /// The blocks in `room` lines: whole while they fit, then a note of those left out.
    private static func render(_ blocks: [Block], room: Int) -> [String] {
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

    private static func lists(_ b: BundleComparison, rows: FileRows, limits: TextLimits) -> [Listing] {
        let inBundle = b.bundle
        let noise = b.signatureNoise
        return [
            files(rows, cap: limits.filesPerBundle),
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

import BundleModel
import Comparison

/// The text report's file lists. `changes` fits its blocks to the report's room by trying
/// up to four caps, and the report asks again when wrapping lengthens them: a bundle's
/// rows are made once for every try (`FileRows`), and grouped once, on first need.
extension TextReporter {
    /// Files added, removed and modified, in that order; paths relative to the bundle. When
    /// they are more than `cap`, one line per file across its language folders instead
    /// (`- *.lproj/Home.strings in 24 languages (11.9 KB)`). A Mach-O file added or changed
    /// carries its facts (`BinaryFactsText`).
    static func files(_ rows: FileRows, cap: Int) -> Listing {
        let shown = rows.all.count > cap ? rows.grouped : rows.all
        let grouped = shown.count < rows.all.count
        return Listing(count: shown.count, cap: cap, noun: grouped ? "file groups" : "files",
                       lines: { [shown[$0].line] },
                       leftOut: { count in
                           guard grouped else { return "" }
                           let files = shown[count...].reduce(0) { $0 + $1.files }
                           return " (\(TextFormatting.grouped(UInt64(files))) files)"
                       })
    }

    /// One bundle's file rows (or those outside every bundle), one per file, and the same
    /// grouped across language folders.
    final class FileRows {
        let all: [FileRow]
        private(set) lazy var grouped: [FileRow] = TextReporter.grouped(all)

        init(_ f: FileChanges, in bundle: BundleInfo?, removedFrom oldBundle: BundleInfo?, facts: BinaryFactsText) {
            var rows: [FileRow] = []
            rows.reserveCapacity(f.added.count + f.removed.count + f.modified.count)
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
            all = rows
        }
    }

    /// Each bundle's `FileRows` (by its place in the comparison; -1 for the files outside
    /// every bundle), made on first need.
    final class FileRowMemo {
        private var made: [Int: FileRows] = [:]
        let facts: BinaryFactsText

        init(_ c: BuildComparison) { facts = BinaryFactsText(c) }

        func rows(_ key: Int, _ make: (BinaryFactsText) -> FileRows) -> FileRows {
            if let rows = made[key] { return rows }
            let rows = make(facts)
            made[key] = rows
            return rows
        }
    }

    /// One row per file across its language folders, in the order each first appears.
    /// Each row is merged in place into its group's first (a thousand rows were copied into
    /// and out of a dictionary, each under a key made by joining two strings).
    static func grouped(_ rows: [FileRow]) -> [FileRow] {
        struct Key: Hashable {
            var symbol: String
            var name: String
        }
        var out: [FileRow] = []
        var place: [Key: Int] = [:]
        place.reserveCapacity(rows.count)
        for row in rows {
            let name = table(row.name)
            let key = Key(symbol: row.symbol, name: name)
            guard let i = place[key] else {
                place[key] = out.count
                out.append(row)
                continue
            }
            out[i].name = name
            out[i].files += 1
            out[i].old &+= row.old
            out[i].new &+= row.new
            out[i].mode = nil
            out[i].facts = nil
        }
        return out
    }

    /// `*.lproj/Localizable.strings` for `fr.lproj/Localizable.strings`; other paths as they are.
    static func table(_ path: String) -> String {
        // Plain ASCII (nearly every path) is split as bytes; other text by characters, as a
        // `/` that a combining mark follows is no separator there.
        let utf8 = path.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            guard let last = utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
            let folderStart = utf8[..<last].lastIndex(of: UInt8(ascii: "/")).map { utf8.index(after: $0) } ?? utf8.startIndex
            guard utf8[folderStart..<last].reversed().starts(with: ".lproj".utf8.reversed()) else { return path }
            return String(path[..<folderStart]) + "*.lproj" + String(path[last...])
        }
        var parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj") else { return path }
        parts[parts.count - 2] = "*.lproj"
        return parts.joined(separator: "/")
    }

    /// A file change, or the same change to one file in several language folders.
    struct FileRow {
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
}

/// A GitHub-flavoured Markdown table that stays short: at most `maxRows` rows and at most
/// `budget` UTF-8 bytes, followed by `LeftOut.note` ("… and N more not shown") when rows
/// were left out.
/// Cells are written as given: escape them with `MarkdownText.inline` first.
struct MarkdownTable {
    var header: [String]
    var rows: [[String]] = []

    init(_ header: String...) { self.header = header }
    init(header: [String]) { self.header = header }

    mutating func add(_ cells: String...) { rows.append(cells) }

    /// The table, or nil when not even its header and one row fit in `budget`.
    func render(maxRows: Int, budget: Int) -> String? {
        let head = Self.line(header) + Self.line(header.map { _ in "---" })
        var out = head
        var shown = 0
        let note = { (left: Int) in "\n" + LeftOut.note(left) + "\n" }
        for row in rows.prefix(maxRows) {
            let line = Self.line(row)
            let reserve = shown + 1 < rows.count ? note(rows.count - shown - 1).utf8.count : 0
            guard out.utf8.count + line.utf8.count + reserve <= budget else { break }
            out += line
            shown += 1
        }
        if shown == 0 && !rows.isEmpty { return nil }
        if shown < rows.count { out += note(rows.count - shown) }
        return out
    }

    private static func line(_ cells: [String]) -> String {
        "| " + cells.joined(separator: " | ") + " |\n"
    }
}

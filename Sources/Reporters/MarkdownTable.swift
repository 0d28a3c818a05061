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

    /// The table, or nil when not even its header and one row fit in `budget`. When rows
    /// must be left out, those with the lowest `priority` (by row index) are kept first,
    /// then earlier ones; the kept rows show in their own order.
    func render(maxRows: Int, budget: Int, priority: (Int) -> Int = { _ in 0 }) -> String? {
        let head = Self.line(header) + Self.line(header.map { _ in "---" })
        let note = { (left: Int) in "\n" + LeftOut.note(left) + "\n" }
        let order = rows.indices.map { (priority($0), $0) }.sorted { $0 < $1 }.map(\.1)
        var kept = Set<Int>()
        var size = head.utf8.count
        for i in order.prefix(maxRows) {
            let line = Self.line(rows[i])
            let reserve = kept.count + 1 < rows.count ? note(rows.count - kept.count - 1).utf8.count : 0
            guard size + line.utf8.count + reserve <= budget else { break }
            size += line.utf8.count
            kept.insert(i)
        }
        if kept.isEmpty && !rows.isEmpty { return nil }
        var out = head
        for i in rows.indices where kept.contains(i) { out += Self.line(rows[i]) }
        if kept.count < rows.count { out += note(rows.count - kept.count) }
        return out
    }

    private static func line(_ cells: [String]) -> String {
        "| " + cells.joined(separator: " | ") + " |\n"
    }
}

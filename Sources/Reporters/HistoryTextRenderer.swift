import TextSafety
/// The text form of a history table: a title line, a header and one line per row,
/// columns padded to their widest cell, every cell with control and bidi characters made
/// visible. Stable byte for byte.
public enum HistoryTextRenderer {
    public static func render(_ table: HistoryTable) -> String {
        var out = VisibleText.escape(table.title) + "\n"
        if !table.rows.isEmpty {
            let header = table.columns.map { VisibleText.escape($0.title) }
            let rows = table.rows.map { $0.map { VisibleText.escape($0.display) } }
            var widths = header.map(\.count)
            for row in rows { for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) } }
            for line in [header] + rows {
                var text = ""
                for (i, cell) in line.enumerated() {
                    let last = i == line.count - 1
                    text += last ? cell : cell + String(repeating: " ", count: widths[i] - cell.count + 2)
                }
                while text.hasSuffix(" ") { text.removeLast() }
                out += text + "\n"
            }
        }
        for note in table.notes { out += VisibleText.escape(note) + "\n" }
        return out
    }
}

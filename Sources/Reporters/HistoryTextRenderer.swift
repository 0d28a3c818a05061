import TextSafety
/// The text form of a history table: a title line, a header and one line per row,
/// columns padded to their widest cell, every cell with control and bidi characters made
/// visible. Stable byte for byte.
public enum HistoryTextRenderer {
    public static func render(_ table: HistoryTable) -> String {
        var out = VisibleText.escape(table.title) + "\n"
        if !table.rows.isEmpty {
            let lines = [table.columns.map { VisibleText.escape($0.title) }]
                + table.rows.map { $0.map { VisibleText.escape($0.display) } }
            // Each cell's width (in characters) is counted once.
            let counts = lines.map { $0.map(width) }
            var widths = counts[0]
            for row in counts.dropFirst() { for (i, n) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], n) } }
            let spaces = String(repeating: " ", count: (widths.max() ?? 0) + 2)
            for (line, count) in zip(lines, counts) {
                var text = ""
                for (i, cell) in line.enumerated() {
                    text += cell
                    if i < line.count - 1 { text += spaces.prefix(widths[i] - count[i] + 2) }
                }
                while text.hasSuffix(" ") { text.removeLast() }
                out += text
                out += "\n"
            }
        }
        for note in table.notes { out += VisibleText.escape(note) + "\n" }
        return out
    }

    /// A cell's width in characters: its byte count when it is ASCII without a carriage
    /// return (each byte one character), else its count of characters.
    private static func width(_ cell: String) -> Int {
        let plain = cell.utf8.withContiguousStorageIfAvailable { !$0.contains { $0 >= 0x80 || $0 == 0x0D } }
        return plain == true ? cell.utf8.count : cell.count
    }
}

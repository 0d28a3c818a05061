import TextSafety
/// The CSV form of a history table (RFC 4180): a header of column keys, then one record
/// per row; CRLF line ends. Values show hidden characters (line breaks, bidi marks,
/// controls) as `VisibleText` escapes, so each record is one line; a field is quoted when
/// it holds a comma or a quote, with quotes doubled; a text cell starting with `=`, `+`,
/// `-` or `@` gets a leading `'` so a spreadsheet never runs it as a formula. Numbers are
/// written bare (a percentage without its `%`, a change without its `+`); empty cells are
/// empty fields. Notes are not part of the CSV.
public enum HistoryCSVRenderer {
    public static func render(_ table: HistoryTable) -> String {
        var out = table.columns.map { field(VisibleText.escape($0.key), text: true) }.joined(separator: ",") + "\r\n"
        for row in table.rows {
            out += row.map { cell in
                switch cell {
                case .text(let s): field(VisibleText.escape(s), text: true)
                case .number(_, let display): field(bare(display), text: false)
                case .none: ""
                }
            }.joined(separator: ",") + "\r\n"
        }
        return out
    }

    /// A number's display without its `%` or leading `+`.
    static func bare(_ display: String) -> String {
        var out = Substring(display)
        if out.hasSuffix("%") { out = out.dropLast() }
        if out.hasPrefix("+") { out = out.dropFirst() }
        return String(out)
    }

    static func field(_ value: String, text: Bool) -> String {
        var value = value
        if text, let first = value.unicodeScalars.first, ["=", "+", "-", "@"].contains(first) {
            value = "'" + value
        }
        guard value.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return value
        }
        return "\"" + TextReplacement.replacing("\"", with: "\"\"", in: value) + "\""
    }
}

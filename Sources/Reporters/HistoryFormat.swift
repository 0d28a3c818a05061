/// The formats `history` queries render (beside `ReportFormat`, the formats of `diff`
/// and `gate`): every format of every command lives in this module.
public enum HistoryFormat: String, Sendable, CaseIterable {
    /// Aligned columns for a terminal.
    case text
    /// The table as objects keyed by column, for scripts.
    case json
    /// RFC 4180, for a spreadsheet.
    case csv
    /// One self-contained page with the trend as a chart, styled like the diff page.
    case html
}

/// Renders a history table in a format.
public enum HistoryRenderer {
    /// `table` in `format`; throws only when JSON encoding fails.
    public static func render(_ table: HistoryTable, as format: HistoryFormat) throws -> String {
        switch format {
        case .text: HistoryTextRenderer.render(table)
        case .json: try HistoryJSONRenderer.render(table)
        case .csv: HistoryCSVRenderer.render(table)
        case .html: HistoryHTMLRenderer.render(table)
        }
    }
}

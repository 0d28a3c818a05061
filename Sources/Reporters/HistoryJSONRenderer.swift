/// The JSON form of a history table: the query, app, channel, title, columns (key and
/// title), rows as objects keyed by column key (numbers as JSON numbers, empty cells as
/// null, text as recorded) and notes. Sorted keys, stable byte for byte.
public enum HistoryJSONRenderer {
    struct Document: Encodable {
        var query: String
        var title: String
        var app: String
        var channel: String
        var columns: [Column]
        var rows: [[String: CellValue]]
        var notes: [String]
    }

    struct Column: Encodable {
        var key: String
        var title: String
    }

    enum CellValue: Encodable {
        case text(String), number(Double), null

        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .text(let s): try c.encode(s)
            case .number(let n):
                if n.rounded() == n && abs(n) < 9e15 { try c.encode(Int64(n)) } else { try c.encode((n * 10).rounded() / 10) }
            case .null: try c.encodeNil()
            }
        }
    }

    public static func render(_ table: HistoryTable) throws -> String {
        let rows = table.rows.map { row in
            Dictionary(zip(table.columns.map(\.key), row.map { cell -> CellValue in
                switch cell {
                case .text(let s): .text(s)
                case .number(let n, _): .number(n)
                case .none: .null
                }
            }), uniquingKeysWith: { a, _ in a })
        }
        return try JSONOutput.encode(Document(query: table.query, title: table.title, app: table.app,
                                              channel: table.channel,
                                              columns: table.columns.map { Column(key: $0.key, title: $0.title) },
                                              rows: rows, notes: table.notes))
    }
}

/// The answer to a history query, as a table every output format renders: text, JSON,
/// CSV and HTML (with a line chart of the charted columns).
public struct HistoryTable: Sendable, Equatable {
    /// One column: a stable key (JSON, CSV header), a title (text and HTML header),
    /// whether the HTML chart draws it, and what its numbers count.
    public struct Column: Sendable, Equatable {
        public var key: String
        public var title: String
        public var charted: Bool
        public var unit: Unit?

        public init(_ key: String, _ title: String, charted: Bool = false, unit: Unit? = nil) {
            self.key = key
            self.title = title
            self.charted = charted
            self.unit = unit
        }
    }

    /// What a column's numbers count. Text, CSV and JSON keep the exact number; HTML shows
    /// bytes in human units (`22.5 KB`, `+70 B`) with the exact number in its `<data>`.
    public enum Unit: Sendable, Equatable {
        /// A size in bytes.
        case bytes
        /// A signed change in bytes from the build before.
        case byteChange
    }

    /// One cell: text, a number (with its display form), or nothing.
    public enum Cell: Sendable, Equatable {
        case text(String)
        case number(Double, String)
        case none

        public static func integer(_ n: some BinaryInteger) -> Cell { .number(Double(n), "\(n)") }

        /// The display form; `-` for nothing.
        public var display: String {
            switch self {
            case .text(let s): s
            case .number(_, let s): s
            case .none: "-"
            }
        }
    }

    /// `builds`, `key`, `path`, `size` or `languages`.
    public var query: String
    /// A one-line description (`Size of com.example.app on main`).
    public var title: String
    public var app: String
    public var channel: String
    public var columns: [Column]
    public var rows: [[Cell]]
    /// What the chart's y axis measures (`bytes`, `percent`); nil draws no chart.
    public var chartUnit: String?
    /// Remarks printed after the table (why it is empty, what was followed).
    public var notes: [String]

    public init(query: String, title: String, app: String, channel: String, columns: [Column],
                rows: [[Cell]] = [], chartUnit: String? = nil, notes: [String] = []) {
        self.query = query
        self.title = title
        self.app = app
        self.channel = channel
        self.columns = columns
        self.rows = rows
        self.chartUnit = chartUnit
        self.notes = notes
    }
}

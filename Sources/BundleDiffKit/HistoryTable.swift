/// The answer to a history query, as a table every output format renders: text, JSON,
/// CSV and HTML (with a line chart of the charted columns).
public struct HistoryTable: Sendable, Equatable {
    /// One column: a stable key (JSON, CSV header), a title (text and HTML header), and
    /// whether the HTML chart draws it.
    public struct Column: Sendable, Equatable {
        public var key: String
        public var title: String
        public var charted: Bool

        public init(_ key: String, _ title: String, charted: Bool = false) {
            self.key = key
            self.title = title
            self.charted = charted
        }
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

/// What bundlediff knows about one SQLite store (a Core Data, GRDB or plain SQLite file),
/// read through SQLite itself, read-only: its schema, its row counts, the Core Data
/// entities it names and the journal files beside it. Recorded in a snapshot as canonical
/// text under `stores/<path>` (docs/snapshot-format.md).
public struct StoreFacts: Sendable, Hashable {
    /// Whether the file could be read as a store.
    public enum State: Sendable, Hashable {
        /// A SQLite database SQLite could read (the other fields hold what it read).
        case sqlite
        /// A file named like a store (`.sqlite`, `.sqlite3`) that does not start with
        /// SQLite's header: another format, or an encrypted store (SQLCipher).
        case notSQLite
        /// A SQLite file that SQLite refused or could not finish reading (corrupt,
        /// truncated, too large, too costly): the reason in SQLite's or our words.
        case unreadable(reason: String)
    }

    /// The journal mode the database header declares (file format bytes 18–19).
    public enum Journal: String, Sendable, Hashable, CaseIterable {
        case rollback, wal
    }

    /// A file beside the store that SQLite writes while the store is open or not checkpointed.
    public enum Sibling: String, Sendable, Hashable, CaseIterable, Comparable {
        case journal, shm, wal

        /// The suffix SQLite appends to the store's name (`Model.sqlite-wal`).
        public var suffix: String { "-" + rawValue }

        public static func < (a: Sibling, b: Sibling) -> Bool { a.rawValue < b.rawValue }
    }

    public var state: State
    /// Nil unless `state` is `.sqlite` (and the header is at least 20 bytes long).
    public var journal: Journal?
    /// The `-wal`, `-shm` and `-journal` files found beside the store, sorted.
    public var siblings: [Sibling]
    /// Tables (and views), sorted by name; SQLite's own `sqlite_*` tables are left out.
    public var tables: [StoreTable]
    /// Core Data entity names (`Z_PRIMARYKEY.Z_NAME`), sorted; empty when not Core Data.
    public var entities: [String]

    public init(state: State, journal: Journal? = nil, siblings: [Sibling] = [], tables: [StoreTable] = [],
                entities: [String] = []) {
        self.state = state
        self.journal = journal
        self.siblings = siblings.sorted()
        self.tables = tables.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        self.entities = entities.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Whether SQLite read it.
    public var isReadable: Bool { state == .sqlite }

    /// The table named `name`, if any.
    public func table(_ name: String) -> StoreTable? { tables.first { $0.name == name } }

    /// The rows of every table added up, when every count is known exactly (nil otherwise).
    public var knownRows: Int? {
        var sum = 0
        for t in tables where t.kind == .table {
            guard case .exactly(let n) = t.rows else { return nil }
            sum += n
        }
        return sum
    }

    /// Whether the store holds no row at all (every table counted, every count zero).
    public var isEmpty: Bool { isReadable && knownRows == 0 }
}

/// One table or view of a store.
public struct StoreTable: Sendable, Hashable {
    /// What `sqlite_schema` says it is.
    public enum Kind: String, Sendable, Hashable {
        case table
        /// `CREATE VIRTUAL TABLE`: its rows come from a module (FTS, R-tree); not counted.
        case virtual
        case view
    }

    /// How many rows a table has, as far as the bounded count got.
    public enum Rows: Sendable, Hashable {
        case exactly(Int)
        /// More than the count bound (`StoreLimits.maxCountedRows`).
        case moreThan(Int)
        /// Not counted: a view or virtual table, or the count failed or ran out of budget.
        case unknown
    }

    public var name: String
    public var kind: Kind
    /// Columns in declared order.
    public var columns: [StoreColumn]
    /// Index names, sorted (automatic indexes included: they follow from the schema).
    public var indexes: [String]
    public var rows: Rows

    public init(name: String, kind: Kind = .table, columns: [StoreColumn] = [], indexes: [String] = [],
                rows: Rows = .unknown) {
        self.name = name
        self.kind = kind
        self.columns = columns
        self.indexes = indexes.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        self.rows = rows
    }

    /// Whether the table certainly has rows.
    public var hasRows: Bool {
        switch rows {
        case .exactly(let n): n > 0
        case .moreThan: true
        case .unknown: false
        }
    }
}

/// One column: its name and its declared type as written (`VARCHAR`, `INTEGER`, or empty).
public struct StoreColumn: Sendable, Hashable {
    public var name: String
    public var type: String

    public init(_ name: String, _ type: String = "") {
        self.name = name
        self.type = type
    }
}

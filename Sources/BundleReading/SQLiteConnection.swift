import BundleModel
import Stores
import TextSafety
import CSQLite
import Dispatch
import FoundationEssentials

/// One read-only SQLite connection to a store, with the bounds of `StoreLimits`: opened
/// through a `file:` URI with `mode=ro&immutable=1` (no lock is taken, no `-wal`, `-shm` or
/// `-journal` file is created, nothing is written), extensions off, the schema untrusted,
/// and a progress handler that interrupts work past the step or time budget.
final class SQLiteConnection {
    private let db: OpaquePointer
    private let budget: Budget

    /// Why a statement failed, in SQLite's words (or "budget exhausted").
    struct Failure: Error {
        var message: String
    }

    /// The step and time budget the progress handler enforces.
    final class Budget {
        let maxCalls: Int
        let deadline: UInt64
        var calls = 0
        var exhausted = false

        init(limits: StoreLimits) {
            maxCalls = limits.maxKilosteps
            deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, limits.maxMilliseconds)) * 1_000_000
        }

        func tick() -> Bool {
            calls += 1
            if calls > maxCalls || DispatchTime.now().uptimeNanoseconds > deadline { exhausted = true }
            return exhausted
        }
    }

    /// Opens `path` read-only and immutable. Throws `Failure` when SQLite refuses it.
    private init(path: [UInt8], limits: StoreLimits) throws(Failure) {
        var handle: OpaquePointer?
        let uri = SQLiteConnection.uri(path)
        let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(uri, &handle, flags, nil)
        guard rc == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open (out of memory?)"
            sqlite3_close_v2(handle)
            throw Failure(message: message)
        }
        db = handle
        budget = Budget(limits: limits)
        sqlite3_enable_load_extension(db, 0)
        sqlite3_extended_result_codes(db, 1)
        // Names, statements and values read stay small: a hostile schema cannot make them huge.
        sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 1 << 20)
        sqlite3_limit(db, SQLITE_LIMIT_SQL_LENGTH, 1 << 20)
        sqlite3_limit(db, SQLITE_LIMIT_COLUMN, 2_000)
        sqlite3_limit(db, SQLITE_LIMIT_EXPR_DEPTH, 100)
        sqlite3_limit(db, SQLITE_LIMIT_COMPOUND_SELECT, 10)
        sqlite3_limit(db, SQLITE_LIMIT_VDBE_OP, 100_000)
        sqlite3_limit(db, SQLITE_LIMIT_FUNCTION_ARG, 16)
        sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0)
        sqlite3_limit(db, SQLITE_LIMIT_LIKE_PATTERN_LENGTH, 100)
        sqlite3_limit(db, SQLITE_LIMIT_VARIABLE_NUMBER, 10)
        sqlite3_limit(db, SQLITE_LIMIT_TRIGGER_DEPTH, 1)
        let context = Unmanaged.passUnretained(budget).toOpaque()
        sqlite3_progress_handler(db, 1000, { context in
            guard let context else { return 1 }
            return Unmanaged<Budget>.fromOpaque(context).takeUnretainedValue().tick() ? 1 : 0
        }, context)
    }

    /// Opens `path` (see `init`) and sets the pragmas that keep reading safe; the
    /// connection closes when released, whichever step failed.
    static func open(path: [UInt8], limits: StoreLimits) throws(Failure) -> SQLiteConnection {
        let connection = try SQLiteConnection(path: path, limits: limits)
        // A schema from a file is not trusted: no functions with side effects from views or triggers.
        for pragma in ["PRAGMA trusted_schema=OFF", "PRAGMA query_only=ON", "PRAGMA cell_size_check=ON"] {
            _ = try connection.rows(pragma) { _ in () }
        }
        return connection
    }

    deinit {
        sqlite3_close_v2(db)
    }

    /// Whether the budget ran out (a statement was interrupted by the progress handler).
    var budgetExhausted: Bool { budget.exhausted }

    /// Runs `sql` with `bindings` (text) and maps every row; at most `limit` rows are read.
    func rows<T>(_ sql: String, _ bindings: [String] = [], limit: Int = .max,
                 _ map: (Row) -> T) throws(Failure) -> [T] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw failure()
        }
        defer { sqlite3_finalize(statement) }
        for (i, value) in bindings.enumerated() {
            let bytes = Array(value.utf8) + [0]  // with its length: a name may hold NUL
            let rc = bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    sqlite3_bind_text(statement, Int32(i + 1), $0.baseAddress, Int32(bytes.count - 1),
                                      SQLiteConnection.transient)
                }
            }
            guard rc == SQLITE_OK else { throw failure() }
        }
        var out: [T] = []
        while out.count < limit {
            let rc = sqlite3_step(statement)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else { throw failure() }
            out.append(map(Row(statement: statement)))
        }
        return out
    }

    private func failure() -> Failure {
        if budget.exhausted { return Failure(message: "reading it took more than the bounded time or steps") }
        return Failure(message: String(cString: sqlite3_errmsg(db)))
    }

    /// One result row: columns read as text (invalid UTF-8 repaired) or integers.
    struct Row {
        let statement: OpaquePointer

        func text(_ column: Int32) -> String {
            guard let bytes = sqlite3_column_text(statement, column) else { return "" }
            let count = Int(sqlite3_column_bytes(statement, column))
            return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        }

        func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(statement, column)) }

        func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }
    }

    /// `SQLITE_TRANSIENT`: SQLite copies the bound text (the C macro does not import).
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

    /// A `file:` URI for `path`: every byte outside the unreserved set and `/` is %-encoded,
    /// so `?`, `#` and `%` in a name are never read as URI syntax; `mode=ro&immutable=1`.
    static func uri(_ path: [UInt8]) -> String {
        var bytes = path
        while bytes.count > 1, bytes.first == UInt8(ascii: "/"), bytes.dropFirst().first == UInt8(ascii: "/") {
            bytes.removeFirst()  // `file://x` would name an authority
        }
        let digits = Array("0123456789ABCDEF".utf8)
        var out = Array("file:".utf8)
        for b in bytes {
            switch b {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(b)
            default:
                out += [UInt8(ascii: "%"), digits[Int(b >> 4)], digits[Int(b & 0xF)]]
            }
        }
        out += Array("?mode=ro&immutable=1".utf8)
        return String(decoding: out, as: UTF8.self)
    }

    /// `name` as a quoted SQL identifier: `"` doubled inside double quotes.
    static func quoteIdentifier(_ name: String) -> String {
        "\"" + TextReplacement.replacing("\"", with: "\"\"", in: name) + "\""
    }
}

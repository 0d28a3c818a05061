import BundleModel
import Stores
/// The queries that read a store's schema, row counts and Core Data entities. Names are
/// bound as parameters or quoted as identifiers, never pasted into SQL as they are.
enum StoreSchema {
    static func read(_ db: SQLiteConnection, limits: StoreLimits) throws(SQLiteConnection.Failure)
        -> ([StoreTable], [String]) {
        let objects = try db.rows("SELECT type, name, tbl_name, sql FROM sqlite_schema "
                                  + "WHERE type IN ('table', 'view', 'index') ORDER BY name",
                                  limit: limits.maxSchemaObjects + 1) { row in
            (type: row.text(0), name: row.text(1), table: row.text(2), sql: row.text(3))
        }
        guard objects.count <= limits.maxSchemaObjects else {
            throw SQLiteConnection.Failure(message: "its schema has more than \(limits.maxSchemaObjects) tables, views and indexes")
        }
        var indexes: [String: [String]] = [:]
        for object in objects where object.type == "index" { indexes[object.table, default: []].append(object.name) }
        var tables: [StoreTable] = []
        for object in objects where object.type != "index" && !isInternal(object.name) {
            let kind: StoreTable.Kind = object.type == "view" ? .view : (isVirtual(object.sql) ? .virtual : .table)
            var table = StoreTable(name: object.name, kind: kind, indexes: indexes[object.name] ?? [])
            if kind == .table {
                table.columns = try db.rows("SELECT name, type FROM pragma_table_info(?1)", [object.name]) { row in
                    StoreColumn(row.text(0), row.text(1))
                }
                table.rows = try count(object.name, db, limits: limits)
            }
            tables.append(table)
        }
        var entities: [String] = []
        if let keys = tables.first(where: { $0.name == "Z_PRIMARYKEY" && $0.kind == .table }),
           keys.columns.contains(where: { $0.name == "Z_NAME" }) {
            entities = try db.rows("SELECT Z_NAME FROM Z_PRIMARYKEY WHERE Z_NAME IS NOT NULL", limit: limits.maxSchemaObjects) {
                $0.text(0)
            }
        }
        return (tables, entities)
    }

    /// Rows of `table`, counted up to the bound; `.unknown` when the step or time budget
    /// ran out (a corrupt page still throws: the store is unreadable).
    private static func count(_ table: String, _ db: SQLiteConnection,
                              limits: StoreLimits) throws(SQLiteConnection.Failure) -> StoreTable.Rows {
        let bound = max(0, limits.maxCountedRows)
        do throws(SQLiteConnection.Failure) {
            let sql = "SELECT count(*) FROM (SELECT 1 FROM \(SQLiteConnection.quoteIdentifier(table)) LIMIT \(bound + 1))"
            let n = try db.rows(sql) { $0.int(0) }.first ?? 0
            return n > bound ? .moreThan(bound) : .exactly(n)
        } catch {
            if db.budgetExhausted { return .unknown }
            throw error
        }
    }

    /// SQLite's own tables (`sqlite_sequence`, `sqlite_stat1`): bookkeeping, not data.
    static func isInternal(_ name: String) -> Bool {
        name.lowercased().hasPrefix("sqlite_")
    }

    /// Whether a table's `CREATE` statement is `CREATE VIRTUAL TABLE`.
    private static func isVirtual(_ sql: String) -> Bool {
        let words = sql.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).prefix(2)
        return words.count == 2 && words.last?.uppercased() == "VIRTUAL"
    }
}

extension StoreFacts {
    /// Tables that hold bookkeeping, not the user's data: Core Data's primary keys,
    /// metadata, model cache and persistent history (pruned by design), GRDB's migration log.
    public static let bookkeepingTables: Set<String> = [
        "Z_PRIMARYKEY", "Z_METADATA", "Z_MODELCACHE", "ACHANGE", "ATRANSACTION", "ATRANSACTIONSTRING",
        "grdb_migrations",
    ]

    /// The tables that hold data: plain tables other than the bookkeeping ones, Core Data's
    /// CloudKit mirroring state (`ANSCK…`: export and import queues that drain by design) and
    /// the shadow tables a virtual table keeps (`note_ft_data` of an FTS5 `note_ft`, an
    /// R-tree's `_node`): an index's own rows, present even when it indexes nothing.
    public var dataTables: [StoreTable] {
        let virtual = tables.filter { $0.kind == .virtual }.map(\.name)
        return tables.filter { table in
            table.kind == .table && !Self.bookkeepingTables.contains(table.name) && !table.name.hasPrefix("ANSCK")
                && !virtual.contains { Self.isShadow(table.name, of: $0) }
        }
    }

    /// The suffixes of the tables SQLite's FTS3, FTS4, FTS5 and R-tree modules create beside
    /// a virtual table.
    static let shadowSuffixes: Set<String> = [
        "content", "segments", "segdir", "docsize", "stat", "data", "idx", "config", "node", "parent", "rowid",
    ]

    /// Whether `name` is `<virtual>_<suffix>`, a shadow table of the virtual table `virtual`.
    static func isShadow(_ name: String, of virtual: String) -> Bool {
        guard name.count > virtual.count + 1, name.hasPrefix(virtual + "_") else { return false }
        return shadowSuffixes.contains(String(name.dropFirst(virtual.count + 1)))
    }

    /// Whether some data table certainly has rows.
    public var hasDataRows: Bool { dataTables.contains(where: \.hasRows) }

    /// Whether the store is readable and every data table certainly has no row (a store with
    /// no data table at all counts: a fresh file).
    public var hasNoDataRows: Bool { isReadable && dataTables.allSatisfy { $0.rows == .exactly(0) } }

    /// How the schema differs from `old`'s, one item per change (`+ table ZTAG`,
    /// `+ column ZNOTE.ZPINNED INTEGER`, `- index ZNOTE_ZTITLE_INDEX`, `~ column ZNOTE.ZRANK REAL → TEXT`),
    /// in table order. Empty when both have the same tables, columns and indexes.
    public func schemaChanges(from old: StoreFacts) -> [String] {
        var out: [String] = []
        let names = Set(old.tables.map(\.name)).union(tables.map(\.name)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for name in names {
            switch (old.table(name), table(name)) {
            case (nil, let new?): out.append("+ \(new.kind.rawValue) \(name)")
            case (let was?, nil): out.append("- \(was.kind.rawValue) \(name)")
            case (let was?, let new?):
                if was.kind != new.kind { out.append("~ \(name) \(was.kind.rawValue) → \(new.kind.rawValue)") }
                let oldColumns = Dictionary(was.columns.map { ($0.name, $0.type) }, uniquingKeysWith: { a, _ in a })
                let newColumns = Dictionary(new.columns.map { ($0.name, $0.type) }, uniquingKeysWith: { a, _ in a })
                for column in new.columns {
                    if let type = oldColumns[column.name] {
                        if type != column.type { out.append("~ column \(name).\(column.name) \(type) → \(column.type)") }
                    } else {
                        out.append("+ column \(name).\(column.name)" + (column.type.isEmpty ? "" : " \(column.type)"))
                    }
                }
                for column in was.columns where newColumns[column.name] == nil { out.append("- column \(name).\(column.name)") }
                for index in new.indexes where !was.indexes.contains(index) { out.append("+ index \(index)") }
                for index in was.indexes where !new.indexes.contains(index) { out.append("- index \(index)") }
            default: break
            }
        }
        return out
    }
}

import Stores

/// Store facts for the store rules' examples: a Core Data-shaped notes store.
enum StoreExamples {
    static let path = "Library/Application Support/Notes.sqlite"

    /// A Core Data store with `notes` rows in ZNOTE, `folders` in ZFOLDER; `pinned` adds ZNOTE.ZPINNED.
    static func notes(_ notes: Int, folders: Int = 1, pinned: Bool = false) -> StoreFacts {
        var columns = [StoreColumn("Z_PK", "INTEGER"), StoreColumn("Z_ENT", "INTEGER"), StoreColumn("Z_OPT", "INTEGER"),
                       StoreColumn("ZFOLDER", "INTEGER"), StoreColumn("ZTITLE", "VARCHAR")]
        if pinned { columns.append(StoreColumn("ZPINNED", "INTEGER")) }
        return StoreFacts(state: .sqlite, journal: .wal, tables: [
            StoreTable(name: "ZFOLDER", columns: [StoreColumn("Z_PK", "INTEGER"), StoreColumn("ZNAME", "VARCHAR")],
                       rows: .exactly(folders)),
            StoreTable(name: "ZNOTE", columns: columns, indexes: ["ZNOTE_ZFOLDER_INDEX"], rows: .exactly(notes)),
            StoreTable(name: "Z_METADATA", columns: [StoreColumn("Z_VERSION", "INTEGER")], rows: .exactly(1)),
            StoreTable(name: "Z_PRIMARYKEY", columns: [StoreColumn("Z_ENT", "INTEGER"), StoreColumn("Z_NAME", "VARCHAR")],
                       rows: .exactly(2)),
        ], entities: ["Folder", "Note"])
    }

    /// A container holding `facts` at `path` (and `files`).
    static func container(_ facts: StoreFacts?, files: [String: String] = [:]) -> ExampleBuild {
        let build = ContainerExamples.container(files)
        return facts.map { build.store(path, $0) } ?? build
    }

    /// `facts` without the table `name`.
    static func dropping(_ name: String, from facts: StoreFacts) -> StoreFacts {
        var copy = facts
        copy.tables.removeAll { $0.name == name }
        return copy
    }

    /// `facts` with the table `name` renamed `newName` (rows kept).
    static func renaming(_ name: String, to newName: String, in facts: StoreFacts) -> StoreFacts {
        StoreFacts(state: facts.state, journal: facts.journal, siblings: facts.siblings,
                   tables: facts.tables.map { t in t.name == name ? StoreTable(name: newName, kind: t.kind, columns: t.columns,
                                                                               indexes: t.indexes, rows: t.rows) : t },
                   entities: facts.entities)
    }
}

import CSQLite
import Foundation

/// Builds real SQLite stores in code, through SQLite (a writable connection: only tests
/// write stores). `coreData` makes a store shaped like one Core Data writes: `Z_PRIMARYKEY`,
/// `Z_METADATA`, `Z_MODELCACHE` and one `Z…` table per entity with `Z_PK`, `Z_ENT`, `Z_OPT`.
public final class StoreBuilder {
    private let db: OpaquePointer
    private var isOpen = true
    /// The store's path.
    public let path: String

    /// Opens (creating) the store at `path`; `wal` sets the journal mode to WAL, as Core Data does.
    public init(_ path: String, wal: Bool = false) throws {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK,
              let handle else {
            sqlite3_close_v2(handle)
            throw ScratchError("cannot create the store \(path)")
        }
        db = handle
        self.path = path
        if wal { try exec("PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0") }
    }

    deinit { close() }

    /// Runs `sql` (one or more statements).
    @discardableResult
    public func exec(_ sql: String) throws -> StoreBuilder {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(db, sql, nil, nil, &message) == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? "unknown error"
            sqlite3_free(message)
            throw ScratchError("SQL failed: \(text)")
        }
        return self
    }

    /// Closes the connection (checkpointing a WAL into the store, as a clean app exit does).
    public func close() {
        if isOpen { sqlite3_close_v2(db) }
        isOpen = false
    }

    /// The Core Data-shaped schema and rows of a notes app: `notes` rows in ZNOTE, `folders`
    /// in ZFOLDER; `pinned` adds the column ZPINNED to ZNOTE (the lightweight migration of a
    /// model that gained an optional attribute).
    @discardableResult
    public func coreData(notes: Int, folders: Int = 1, pinned: Bool = false) throws -> StoreBuilder {
        try exec("""
            CREATE TABLE ZFOLDER ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR );
            CREATE TABLE ZNOTE ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZFOLDER INTEGER, \
            ZTITLE VARCHAR, ZBODY VARCHAR\(pinned ? ", ZPINNED INTEGER" : "") );
            CREATE INDEX ZNOTE_ZFOLDER_INDEX ON ZNOTE (ZFOLDER);
            CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
            CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
            CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB);
            INSERT INTO Z_PRIMARYKEY VALUES (1, 'Folder', 0, \(folders)), (2, 'Note', 0, \(notes));
            INSERT INTO Z_METADATA VALUES (1, 'B3C1A8E2-5D6F-4A7B-9C0D-1E2F3A4B5C6D', x'62706c6973743030');
            """)
        try exec("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(folders))
            INSERT INTO ZFOLDER SELECT i, 1, 1, 'Folder ' || i FROM n WHERE \(folders) > 0;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(notes))
            INSERT INTO ZNOTE (Z_PK, Z_ENT, Z_OPT, ZFOLDER, ZTITLE, ZBODY)
              SELECT i, 2, 1, 1, 'Note ' || i, 'Body of note ' || i FROM n WHERE \(notes) > 0;
            """)
        return self
    }

    /// A copy of the store and its `-wal` and `-shm` files (those that exist) at `copy`,
    /// taken while this connection is still open: what a container snapshot of a running
    /// app (or one killed before a checkpoint) holds.
    public func copyWhileOpen(to copy: String) throws {
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix)
        }
    }
}

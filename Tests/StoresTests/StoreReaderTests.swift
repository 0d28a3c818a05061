import BundleReading
import Foundation
import Stores
import Testing
import TestSupport

@Suite("StoreReader")
struct StoreReaderTests {
    private func read(_ path: String, limits: StoreLimits = StoreLimits()) -> StoreFacts {
        StoreReader.read(path: Array(path.utf8), limits: limits)
    }

    @Test func readsACoreDataStore() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path("Model.sqlite")
        try StoreBuilder(path).coreData(notes: 12, folders: 2).close()
        let facts = read(path)
        #expect(facts.state == .sqlite)
        #expect(facts.journal == .rollback)
        #expect(facts.siblings.isEmpty)
        #expect(facts.entities == ["Folder", "Note"])
        #expect(facts.tables.map(\.name) == ["ZFOLDER", "ZNOTE", "Z_METADATA", "Z_MODELCACHE", "Z_PRIMARYKEY"])
        let note = try #require(facts.table("ZNOTE"))
        #expect(note.rows == .exactly(12))
        #expect(note.columns.map(\.name) == ["Z_PK", "Z_ENT", "Z_OPT", "ZFOLDER", "ZTITLE", "ZBODY"])
        #expect(note.columns.last?.type == "VARCHAR")
        #expect(note.indexes == ["ZNOTE_ZFOLDER_INDEX"])
        #expect(facts.table("ZFOLDER")?.rows == .exactly(2))
        #expect(facts.knownRows == 12 + 2 + 2 + 1)
    }

    @Test func canonicalTextRoundTrips() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path("Model.sqlite")
        try StoreBuilder(path).coreData(notes: 3)
            .exec("CREATE TABLE \"odd \"\"name\n\u{202E}\" (\"col\"\"x\" TEXT); CREATE VIEW v AS SELECT 1;")
            .close()
        let facts = read(path)
        let text = facts.canonicalText()
        #expect(text.hasPrefix("bundlediff-store 1\nformat: sqlite\njournal: rollback\nentity \"Folder\"\n"))
        #expect(text.contains("table \"odd \\\"name\\n\\u{202E}\" table rows 0\ncolumn \"col\\\"x\" \"TEXT\"\n"))
        #expect(text.contains("table \"v\" view\n"))
        #expect(try StoreFacts.parse(text) == facts)
        for bad in [text + "x\n", text.replacingOccurrences(of: "rows 3", with: "rows 03"),
                    text.replacingOccurrences(of: "entity \"Folder\"\nentity \"Note\"", with: "entity \"Note\"\nentity \"Folder\""),
                    String(text.dropLast()), "bundlediff-store 2\nformat: sqlite\n"] {
            #expect(throws: StoreFacts.ParseError.self) { try StoreFacts.parse(bad) }
        }
        let unreadable = StoreFacts(state: .unreadable(reason: "file is not a database"), siblings: [.wal])
        #expect(unreadable.canonicalText() == "bundlediff-store 1\nformat: unreadable\nerror: \"file is not a database\"\nsibling: wal\n")
        #expect(try StoreFacts.parse(unreadable.canonicalText()) == unreadable)
    }

    @Test func neverWritesToTheStoreOrBesideIt() throws {
        let scratch = try ScratchDirectory()
        let live = scratch.path("live.sqlite")
        let builder = try StoreBuilder(live, wal: true).coreData(notes: 5)
        try FileManager.default.createDirectory(atPath: scratch.path("copy"), withIntermediateDirectories: false)
        let copy = scratch.path("copy/Model.sqlite")
        try builder.copyWhileOpen(to: copy)
        builder.close()
        let before = try snapshotOf(scratch.path("copy"))
        let facts = read(copy)
        #expect(try snapshotOf(scratch.path("copy")) == before)
        #expect(facts.siblings == [.shm, .wal])
        #expect(facts.journal == .wal)
        // immutable=1 reads the main file only: rows still in the un-checkpointed WAL are not seen.
        #expect(facts.state == .sqlite)
        #expect(facts.table("ZNOTE")?.rows != .exactly(5))
    }

    @Test func aFileNamedSqliteThatIsNotSQLite() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path("Model.sqlite")
        try Data("this is not a database, just text long enough to have a header".utf8).write(to: URL(fileURLWithPath: path))
        #expect(read(path).state == .notSQLite)
        #expect(StoreFiles.hasStoreName(Array("Model.SQLite".utf8)))
        #expect(StoreFiles.hasStoreName(Array("a.sqlite3".utf8)))
        #expect(!StoreFiles.hasStoreName(Array(".sqlite".utf8)))
        #expect(!StoreFiles.hasStoreName(Array("Thumbs.db".utf8)))
    }

    @Test func aCorruptStoreIsUnreadableInOneLine() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path("Model.sqlite")
        try StoreBuilder(path).coreData(notes: 200).close()
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        for i in 100..<bytes.count where i % 7 == 0 { bytes[i] ^= 0x5A }  // header kept, pages scrambled
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let truncated = scratch.path("Truncated.sqlite")
        try Data(bytes.prefix(100)).write(to: URL(fileURLWithPath: truncated))
        for file in [path, truncated] {
            let facts = read(file)
            guard case .unreadable(let reason) = facts.state else {
                Issue.record("\(file) read as \(facts.state)")
                continue
            }
            #expect(!reason.isEmpty && !reason.contains("\n"))
        }
    }

    @Test func aStoreLockedByAnotherConnectionIsStillRead() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path("Model.sqlite")
        let writer = try StoreBuilder(path).coreData(notes: 4)
        try writer.exec("BEGIN EXCLUSIVE; INSERT INTO ZFOLDER VALUES (99, 1, 1, 'uncommitted');")
        let started = Date()
        let facts = read(path)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(facts.state == .sqlite)
        #expect(facts.table("ZNOTE")?.rows == .exactly(4))
        try writer.exec("ROLLBACK")
    }

    @Test func aHugeStoreIsBounded() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path("Huge.sqlite")
        try StoreBuilder(path).coreData(notes: 30_000).close()
        var limits = StoreLimits()
        limits.maxCountedRows = 1_000
        let counted = read(path, limits: limits)
        #expect(counted.table("ZNOTE")?.rows == .moreThan(1_000))
        limits = StoreLimits()
        limits.maxKilosteps = 1
        let budget = read(path, limits: limits)
        #expect(budget.table("ZNOTE")?.rows == .unknown)
        limits = StoreLimits()
        limits.maxStoreBytes = 1_000
        guard case .unreadable(let reason) = read(path, limits: limits).state else {
            Issue.record("a store over the size cap was read")
            return
        }
        #expect(reason.hasPrefix("too large"))
    }

    @Test func anEmptyFileIsAnEmptyStore() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path("Empty.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let facts = read(path)
        #expect(facts.state == .sqlite && facts.tables.isEmpty && facts.isEmpty)
    }

    @Test func uriEscapesEveryReservedByte() throws {
        let scratch = try ScratchDirectory()
        let dir = scratch.path("odd ?#%&=dir")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: false)
        let path = dir + "/Model?mode=rw.sqlite"
        try StoreBuilder(path).coreData(notes: 1).close()
        #expect(read(path).table("ZNOTE")?.rows == .exactly(1))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["Model?mode=rw.sqlite"])
    }

    /// Names, sizes and contents of every file in `dir`.
    private func snapshotOf(_ dir: String) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir) {
            out[name] = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name))
        }
        return out
    }
}

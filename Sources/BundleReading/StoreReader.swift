#if canImport(Glibc)
import BundleModel
import Stores
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the facts of one store file through SQLite, strictly read-only (see
/// `SQLiteConnection`): never a write to the file or beside it, bounded in size, steps and
/// time. A file SQLite cannot read gives `.unreadable` facts, never a throw: one bad store
/// is a fact about the data, not a reason to stop reading the rest.
public enum StoreReader {
    /// Facts of the store at `path` (a regular file).
    public static func read(path: [UInt8], limits: StoreLimits = StoreLimits()) -> StoreFacts {
        var st = stat()
        let rc = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { lstat($0.baseAddress!, &st) }
        }
        guard rc == 0, UInt32(st.st_mode) & UInt32(S_IFMT) == UInt32(S_IFREG) else {
            return StoreFacts(state: .unreadable(reason: "not a regular file"))
        }
        let size = UInt64(max(0, st.st_size))
        let siblings = StoreFacts.Sibling.allCases.filter { exists(path + Array($0.suffix.utf8)) }
        guard size <= limits.maxStoreBytes else {
            return StoreFacts(state: .unreadable(reason: "too large: \(size) bytes (limit \(limits.maxStoreBytes))"),
                              siblings: siblings)
        }
        guard let head = readHead(path) else {
            return StoreFacts(state: .unreadable(reason: "cannot be opened for reading"), siblings: siblings)
        }
        // A zero-byte file is an empty database to SQLite (a store that was created and never written).
        guard head.isEmpty || StoreFiles.hasMagic(head) else {
            return StoreFacts(state: .notSQLite, siblings: siblings)
        }
        var journal: StoreFacts.Journal?
        if head.count >= 20 {
            if head[18] == 2 && head[19] == 2 { journal = .wal } else if head[18] == 1 && head[19] == 1 { journal = .rollback }
        }
        do throws(SQLiteConnection.Failure) {
            let connection = try SQLiteConnection.open(path: path, limits: limits)
            let (tables, entities) = try StoreSchema.read(connection, limits: limits)
            return StoreFacts(state: .sqlite, journal: journal, siblings: siblings, tables: tables, entities: entities)
        } catch {
            return StoreFacts(state: .unreadable(reason: error.message), siblings: siblings)
        }
    }

    /// The first 100 bytes (the database header), or fewer for a shorter file; nil when unreadable.
    private static func readHead(_ path: [UInt8]) -> [UInt8]? {
        let fd = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
        }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 100)
        var filled = 0
        while filled < buffer.count {
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + filled, $0.count - filled, off_t(filled)) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { break }
            filled += n
        }
        return Array(buffer.prefix(filled))
    }

    private static func exists(_ path: [UInt8]) -> Bool {
        var st = stat()
        return (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { lstat($0.baseAddress!, &st) }
        } == 0
    }
}

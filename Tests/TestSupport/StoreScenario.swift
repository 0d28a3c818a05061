import Foundation

/// Before/after pairs of simulator data containers holding real SQLite stores (built by
/// `StoreBuilder`), one per upgrade scenario of a notes app whose Core Data store lives at
/// `Library/Application Support/com.example.notes/Notes.sqlite`.
public enum StoreScenario: String, CaseIterable, Sendable {
    /// The store replaced by a fresh, empty one (data lost).
    case replaced
    /// The notes table dropped to zero rows; folders kept.
    case rowsDropped
    /// A lightweight migration: ZNOTE gained ZPINNED, every row kept (no error).
    case migration
    /// The store deleted as a file, its `-wal` left behind.
    case orphanWAL
    /// The store's pages scrambled (header kept): SQLite cannot read it.
    case corrupt

    public static let app = "com.example.notes"
    public static let store = "Library/Application Support/com.example.notes/Notes.sqlite"

    /// Writes `<dir>/before` and `<dir>/after` and returns their paths.
    public func write(in dir: String) throws -> (before: String, after: String) {
        let before = dir + "/before", after = dir + "/after"
        try Self.container(before)
        try StoreBuilder(before + "/" + Self.store).coreData(notes: 12, folders: 2).close()
        try Self.container(after)
        let store = after + "/" + Self.store
        switch self {
        case .replaced: try StoreBuilder(store).coreData(notes: 0, folders: 0, pinned: true).close()
        case .rowsDropped: try StoreBuilder(store).coreData(notes: 0, folders: 2).close()
        case .migration: try StoreBuilder(store).coreData(notes: 12, folders: 2, pinned: true).close()
        case .orphanWAL: try Data("stale write-ahead log".utf8).write(to: URL(fileURLWithPath: store + "-wal"))
        case .corrupt:
            try StoreBuilder(store).coreData(notes: 200, folders: 2).close()
            var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: store)))
            for i in 100..<bytes.count where i % 7 == 0 { bytes[i] ^= 0x5A }
            try Data(bytes).write(to: URL(fileURLWithPath: store))
        }
        return (before, after)
    }

    /// A simulator data container of `app` at `path`: metadata plist, Documents/, Library/
    /// (Application Support/<app>/, Caches/, Preferences/) and tmp/.
    public static func container(_ path: String) throws {
        let fm = FileManager.default
        for folder in ["Documents", "Library/Application Support/\(app)", "Library/Caches", "Library/Preferences", "tmp"] {
            try fm.createDirectory(atPath: path + "/" + folder, withIntermediateDirectories: true)
        }
        let metadata = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>MCMMetadataIdentifier</key>
            \t<string>\(app)</string>
            </dict>
            </plist>

            """
        try Data(metadata.utf8).write(to: URL(fileURLWithPath: path + "/.com.apple.mobile_container_manager.metadata.plist"))
        try Data("draft".utf8).write(to: URL(fileURLWithPath: path + "/Documents/Draft.txt"))
    }
}

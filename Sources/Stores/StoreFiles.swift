/// Which files are stores, and which are the journal files SQLite keeps beside a store.
public enum StoreFiles {
    /// The 16 bytes every SQLite database file starts with: "SQLite format 3\0".
    public static let magic: [UInt8] = Array("SQLite format 3".utf8) + [0]

    /// Whether `head` (the first bytes of a file) is SQLite's header.
    public static func hasMagic(_ head: some Collection<UInt8>) -> Bool {
        head.count >= magic.count && head.prefix(magic.count).elementsEqual(magic)
    }

    /// Whether a file name says "SQLite store" (`.sqlite`, `.sqlite3`, case-insensitive):
    /// such a file is recorded as a store even when it does not start with SQLite's header
    /// (then as `not-sqlite`). Other names (`.db`, `.store`) are stores only by their header:
    /// many other formats use them.
    public static func hasStoreName(_ name: some Collection<UInt8>) -> Bool {
        let lower = name.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        return lower.count > 7 && (lower.reversed().starts(with: Array(".sqlite".utf8).reversed())
            || lower.reversed().starts(with: Array(".sqlite3".utf8).reversed()))
    }

    /// For a file named `<store>-wal`, `-shm` or `-journal`: the store's name and which sibling it is.
    public static func siblingOf(_ name: [UInt8]) -> (store: [UInt8], sibling: StoreFacts.Sibling)? {
        for sibling in StoreFacts.Sibling.allCases {
            let suffix = Array(sibling.suffix.utf8)
            if name.count > suffix.count, name.suffix(suffix.count).elementsEqual(suffix) {
                return (Array(name.dropLast(suffix.count)), sibling)
            }
        }
        return nil
    }
}

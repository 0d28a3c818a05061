import BundleModel
import Foundation

/// The `StringTable`s of one comparison, each flattened once and keyed by the file's
/// content: the parity rules (keys, format specifiers, arguments, untranslated values, …)
/// each read every table, on both sides, and a table the two builds share is the same
/// table on both.
final class StringTableCache: @unchecked Sendable {
    private struct Key: Hashable {
        var content: SHA256Digest
        var isStringsdict: Bool
    }

    private let lock = NSLock()
    /// Flattened tables by content; `nil` remembers content that holds no decoded table.
    private var made: [Key: StringTable?] = [:]
    /// How many tables were flattened (for tests: each content at most once).
    private(set) var flattened = 0

    /// The table of `entry`, made by `make` the first time its content is asked for (each
    /// time, for an entry without a digest).
    func table(of entry: FileEntry, isStringsdict: Bool, make: () -> StringTable?) -> StringTable? {
        guard let content = entry.sha256 else {
            lock.withLock { flattened += 1 }
            return make()
        }
        let key = Key(content: content, isStringsdict: isStringsdict)
        lock.lock()
        defer { lock.unlock() }
        if let hit = made[key] { return hit }
        let value = make()
        flattened += 1
        made[key] = .some(value)
        return value
    }
}

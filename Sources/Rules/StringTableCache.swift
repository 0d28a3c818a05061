import BundleModel
import Foundation

/// The `StringTable`s of one `LocalizedBundle`, each flattened once: the parity rules
/// (keys, format specifiers, arguments, untranslated values, …) each read every table, and
/// each used to flatten it again.
final class StringTableCache: @unchecked Sendable {
    private struct Key: Hashable {
        var path: BundlePath
        var isStringsdict: Bool
    }

    private let lock = NSLock()
    /// Flattened tables by path; `nil` remembers a path that holds no decoded table.
    private var made: [Key: StringTable?] = [:]
    /// How many tables were flattened (for tests: each at most once).
    private(set) var flattened = 0

    /// The table at `path`, made by `make` the first time it is asked for.
    func table(at path: BundlePath, isStringsdict: Bool, make: () -> StringTable?) -> StringTable? {
        let key = Key(path: path, isStringsdict: isStringsdict)
        lock.lock()
        defer { lock.unlock() }
        if let hit = made[key] { return hit }
        let value = make()
        flattened += 1
        made[key] = .some(value)
        return value
    }
}

import BundleModel

/// The `StringTable`s of one comparison, each flattened once and keyed by the file's
/// content: the parity rules (keys, format specifiers, arguments, untranslated values, …)
/// each read every table, on both sides, and a table the two builds share is the same
/// table on both.
final class StringTableCache: Sendable {
    private struct Key: Hashable, Sendable {
        var content: SHA256Digest
        var isStringsdict: Bool
    }

    /// Flattened tables by content; `nil` remembers content that holds no decoded table.
    private let tables = OnceCache<Key, StringTable?>()

    /// How many tables were flattened (for tests: each content at most once).
    var flattened: Int { tables.made }

    /// The table of `entry`, made by `make` the first time its content is asked for (each
    /// time, for an entry without a digest).
    func table(of entry: FileEntry, isStringsdict: Bool, make: () -> StringTable?) -> StringTable? {
        guard let content = entry.sha256 else { return make() }
        return tables.value(Key(content: content, isStringsdict: isStringsdict), make: make)
    }
}

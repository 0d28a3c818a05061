import BundleModel

/// The `StringTable`s of one comparison, each flattened once and keyed by the file's
/// content, and the format problems of each pair of them: the parity rules (keys, format
/// specifiers, arguments, untranslated values, …) each read every table, on both sides,
/// and a table the two builds share is the same table on both.
final class StringTableCache: Sendable {
    private struct Key: Hashable, Sendable {
        var content: SHA256Digest
        var isStringsdict: Bool
    }

    /// Flattened tables by content; `nil` remembers content that holds no decoded table.
    private let tables = OnceCache<Key, StringTable?>()

    private struct PairKey: Hashable, Sendable {
        var reference: SHA256Digest
        var translation: SHA256Digest
        var isStringsdict: Bool
    }

    /// Format problems by the contents of the reference and the translated table.
    private let formatProblems = OnceCache<PairKey, [FormatKeyProblems]?>()

    /// How many tables were flattened (for tests: each content at most once).
    var flattened: Int { tables.made }

    /// How many pairs of tables had their format problems worked out (for tests).
    var formatPairs: Int { formatProblems.made }

    /// The table of `entry`, made by `make` the first time its content is asked for (each
    /// time, for an entry without a digest).
    func table(of entry: FileEntry, isStringsdict: Bool, make: () -> StringTable?) -> StringTable? {
        guard let content = entry.sha256 else { return make() }
        return tables.value(Key(content: content, isStringsdict: isStringsdict), make: make)
    }

    /// The format problems of `translation` against `reference` (`FormatKeyProblems`),
    /// made by `make` the first time this pair of contents is asked for (each time, for an
    /// entry without a digest).
    func formatProblems(reference: FileEntry, translation: FileEntry, isStringsdict: Bool,
                        make: () -> [FormatKeyProblems]?) -> [FormatKeyProblems]? {
        guard let a = reference.sha256, let b = translation.sha256 else { return make() }
        return formatProblems.value(PairKey(reference: a, translation: b, isStringsdict: isStringsdict), make: make)
    }
}

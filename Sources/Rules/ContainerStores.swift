import BundleModel
import Stores

/// The SQLite stores of a comparison of two data containers, as the store rules read them:
/// each path with the facts recorded on either side. Nil unless both sides are containers;
/// a side recorded before stores were has no facts, and the rules then stay silent.
struct ContainerStores {
    struct Pair {
        var path: BundlePath
        var old: StoreFacts?
        var new: StoreFacts?
        var oldFile: FileEntry?
        var newFile: FileEntry?
    }

    var pairs: [Pair]
    var newEntries: EntryList
    var oldEntries: EntryList
    /// The new side's files by path.
    var newFiles: [BundlePath: FileEntry]

    static func of(_ context: RuleContext) -> ContainerStores? {
        let c = context.comparison
        guard c.old.isContainer, c.new.isContainer else { return nil }
        let paths = Set(c.old.stores.keys).union(c.new.stores.keys).sorted()
        let oldFiles = Dictionary(c.old.entries.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let newFiles = Dictionary(c.new.entries.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        return ContainerStores(pairs: paths.map { Pair(path: $0, old: c.old.stores[$0], new: c.new.stores[$0],
                                                       oldFile: oldFiles[$0], newFile: newFiles[$0]) },
                               newEntries: c.new.entries, oldEntries: c.old.entries, newFiles: newFiles)
    }

    /// The non-empty `-wal` or `-journal` file beside the new side's store at `path`: the
    /// container was copied while the app had the store open, and rows may be there rather
    /// than in the file the facts were read from. Its name and size, nil when there is none.
    func pendingJournal(at path: BundlePath) -> (name: String, size: UInt64)? {
        for suffix in ["-wal", "-journal"] {
            let sidecar = BundlePath(bytes: path.bytes + Array(suffix.utf8))
            if let entry = newFiles[sidecar], entry.kind == .file, entry.size > 0 { return (sidecar.nameString, entry.size) }
        }
        return nil
    }

    /// Whether the store at `path` lies where the system may purge it (Caches, tmp): emptied
    /// there, it lost nothing the user keeps.
    static func isPurgeable(_ path: BundlePath) -> Bool { ContainerArea.of(path).isPurgeable }

    /// A table's name and rows for a message (`ZNOTE (12 rows)`).
    static func rows(_ table: StoreTable) -> String {
        switch table.rows {
        case .exactly(let n): "\(table.name) (\(n) row\(n == 1 ? "" : "s"))"
        case .moreThan(let n): "\(table.name) (more than \(n) rows)"
        case .unknown: table.name
        }
    }

    /// Findings for `rule` about the store at `path` of the new side (the old where it is gone).
    static func finding(_ rule: RuleID, _ context: RuleContext, severity: Severity? = nil, path: BundlePath,
                        message: String, subject: String, isNew: Bool? = nil) -> Finding {
        Finding(ruleID: rule, severity: severity ?? context.severity(of: rule), bundle: "", message: message,
                paths: [path], isNew: isNew, subject: subject)
    }
}

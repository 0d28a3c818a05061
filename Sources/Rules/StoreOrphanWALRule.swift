import BundleModel
import Stores

/// A `-wal` file whose store is gone.
public struct StoreOrphanWALRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .storeOrphanWAL, name: "WAL file left without its store", defaultSeverity: .warning,
        rationale: "SQLite keeps a store's latest writes in `<store>-wal` until a checkpoint. A `-wal` file without its "
            + "store means the store was deleted as a file (not through its persistent store coordinator or SQLite), "
            + "leaving its un-checkpointed writes behind; a new store created at that path can then meet a WAL that "
            + "is not its own. Delete the store with its -wal and -shm files.",
        triggeringExamples: [
            RuleExample("the store deleted, its WAL left",
                        old: StoreExamples.container(StoreExamples.notes(3), files: [StoreExamples.path + "-wal": "w"]),
                        new: StoreExamples.container(nil, files: [StoreExamples.path + "-wal": "w"]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("a WAL beside its store",
                        old: StoreExamples.container(StoreExamples.notes(3)),
                        new: StoreExamples.container(StoreExamples.notes(3), files: [StoreExamples.path + "-wal": "w"])),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        guard let stores = ContainerStores.of(context) else { return [] }
        let oldOrphans = Set(Self.orphans(stores.oldEntries).map(\.path))
        return Self.orphans(stores.newEntries).map { wal in
            ContainerStores.finding(.storeOrphanWAL, context, path: wal.path,
                                    message: "\(wal.path) is a WAL file without its store \(wal.parent.appending(wal.store)): "
                                        + "the store was deleted without its -wal file",
                                    subject: wal.path.description, isNew: !oldOrphans.contains(wal.path))
        }
    }

    /// Files named `<x>-wal` where no file `<x>` exists beside them.
    static func orphans(_ entries: EntryList) -> [(path: BundlePath, parent: BundlePath, store: [UInt8])] {
        let files = Set(entries.filter { $0.kind == .file }.map(\.path))
        return entries.compactMap { entry in
            guard entry.kind == .file, let (store, sibling) = StoreFiles.siblingOf(entry.path.name), sibling == .wal,
                  !store.isEmpty else { return nil }
            let parent = entry.path.parent
            return files.contains(parent.appending(store)) ? nil : (entry.path, parent, store)
        }
    }
}

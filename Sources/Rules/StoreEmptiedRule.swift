import BundleModel
import Stores

/// A store that held data before and holds none after: replaced by a fresh, empty one.
public struct StoreEmptiedRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .storeEmptied, name: "Store replaced by an empty one", defaultSeverity: .error,
        rationale: "The user's data lives in the container's stores (Library/Application Support/, Documents/; "
            + "File System Basics). A store that had rows before the upgrade and has none after was replaced instead "
            + "of migrated (a model the old store could not be migrated to, a store deleted and created again): the "
            + "user's data is lost. Bookkeeping tables (Core Data's Z_PRIMARYKEY, Z_METADATA, history) do not count. "
            + "A store whose schema did not change was not migrated, so not replaced for a new model: the app "
            + "deleted its rows itself (an analytics or upload queue it sends and empties, a sign-out) or re-created "
            + "it; that is a warning.",
        triggeringExamples: [
            RuleExample("copied while open: its rows are in the -wal beside it (info)",
                        old: StoreExamples.container(StoreExamples.notes(12)),
                        new: StoreExamples.container(StoreExamples.notes(0, folders: 0),
                                                     files: [StoreExamples.path + "-wal": String(repeating: "w", count: 64)]),
                        expectedCount: 1),
            RuleExample("the store replaced by an empty one of the new model", old: StoreExamples.container(StoreExamples.notes(12, folders: 2)),
                        new: StoreExamples.container(StoreExamples.notes(0, folders: 0, pinned: true)), expectedCount: 1),
            RuleExample("emptied with its schema unchanged: a queue sent, or the rows deleted (warning)",
                        old: StoreExamples.container(StoreExamples.notes(12, folders: 2)),
                        new: StoreExamples.container(StoreExamples.notes(0, folders: 0)), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("rows kept", old: StoreExamples.container(StoreExamples.notes(12)),
                        new: StoreExamples.container(StoreExamples.notes(12, pinned: true))),
            RuleExample("empty before and after", old: StoreExamples.container(StoreExamples.notes(0, folders: 0)),
                        new: StoreExamples.container(StoreExamples.notes(0, folders: 0))),
            RuleExample("an FTS5 index's own rows, the user with no data", old: StoreExamples.container(StoreFacts(
                state: .sqlite, tables: [StoreTable(name: "note", rows: .exactly(0)), StoreTable(name: "note_ft", kind: .virtual),
                                         StoreTable(name: "note_ft_config", rows: .exactly(1)),
                                         StoreTable(name: "note_ft_data", rows: .exactly(2))])),
                        new: StoreExamples.container(StoreFacts(state: .sqlite, tables: [StoreTable(name: "note", rows: .exactly(0))]))),
            RuleExample("a cache store emptied", old: ContainerExamples.container([:]).store("Library/Caches/Cache.db",
                            StoreFacts(state: .sqlite, tables: [StoreTable(name: "cfurl_cache_response", rows: .exactly(40))])),
                        new: ContainerExamples.container([:]).store("Library/Caches/Cache.db",
                            StoreFacts(state: .sqlite, tables: [StoreTable(name: "cfurl_cache_response", rows: .exactly(0))]))),
            RuleExample("rows not counted", old: StoreExamples.container(StoreExamples.notes(12)),
                        new: StoreExamples.container(StoreFacts(state: .sqlite, tables: [StoreTable(name: "ZNOTE")]))),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        guard let stores = ContainerStores.of(context) else { return [] }
        return stores.pairs.compactMap { pair in
            guard let old = pair.old, let new = pair.new, old.hasDataRows, new.hasNoDataRows,
                  !ContainerStores.isPurgeable(pair.path) else { return nil }
            let had = old.dataTables.filter(\.hasRows).map(ContainerStores.rows).joined(separator: ", ")
            if let (name, size) = stores.pendingJournal(at: pair.path) {
                return ContainerStores.finding(.storeEmptied, context, severity: context.severity(of: .storeEmptied, atMost: .info),
                                               path: pair.path,
                                               message: "the store \(pair.path) held data before (\(had)) and shows none after, "
                                                   + "but \(name) beside it holds \(size) bytes not yet in the file: the "
                                                   + "container was copied while the app had the store open; snapshot it "
                                                   + "after the app quits to judge the store",
                                               subject: pair.path.description)
            }
            if new.schemaChanges(from: old).isEmpty {
                return ContainerStores.finding(.storeEmptied, context, severity: context.severity(of: .storeEmptied, atMost: .warning),
                                               path: pair.path,
                                               message: "the store \(pair.path) held data before (\(had)) and none after, "
                                                   + "with its schema unchanged: the app deleted the rows itself (a queue it "
                                                   + "sends and empties) or re-created the store; if they were the user's data, "
                                                   + "it is lost",
                                               subject: pair.path.description)
            }
            return ContainerStores.finding(.storeEmptied, context, path: pair.path,
                                           message: "the store \(pair.path) held data before (\(had)) and none after, "
                                               + "under a new schema: it was replaced by an empty store instead of migrated, "
                                               + "and the user's data is lost",
                                           subject: pair.path.description)
        }
    }
}

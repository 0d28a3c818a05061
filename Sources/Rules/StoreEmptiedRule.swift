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
            + "user's data is lost. Bookkeeping tables (Core Data's Z_PRIMARYKEY, Z_METADATA, history) do not count.",
        triggeringExamples: [
            RuleExample("the store replaced by an empty one", old: StoreExamples.container(StoreExamples.notes(12, folders: 2)),
                        new: StoreExamples.container(StoreExamples.notes(0, folders: 0)), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("rows kept", old: StoreExamples.container(StoreExamples.notes(12)),
                        new: StoreExamples.container(StoreExamples.notes(12, pinned: true))),
            RuleExample("empty before and after", old: StoreExamples.container(StoreExamples.notes(0, folders: 0)),
                        new: StoreExamples.container(StoreExamples.notes(0, folders: 0))),
            RuleExample("rows not counted", old: StoreExamples.container(StoreExamples.notes(12)),
                        new: StoreExamples.container(StoreFacts(state: .sqlite, tables: [StoreTable(name: "ZNOTE")]))),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        guard let stores = ContainerStores.of(context) else { return [] }
        return stores.pairs.compactMap { pair in
            guard let old = pair.old, let new = pair.new, old.hasDataRows, new.hasNoDataRows else { return nil }
            let had = old.dataTables.filter(\.hasRows).map(ContainerStores.rows).joined(separator: ", ")
            return ContainerStores.finding(.storeEmptied, context, path: pair.path,
                                           message: "the store \(pair.path) held data before (\(had)) and none after: "
                                               + "it was replaced by an empty store instead of migrated, and the user's data is lost",
                                           subject: pair.path.description)
        }
    }
}

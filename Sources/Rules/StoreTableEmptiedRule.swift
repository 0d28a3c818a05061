import BundleModel
import Stores

/// A table whose rows dropped to zero while the store kept other data.
public struct StoreTableEmptiedRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .storeTableEmptied, name: "Store table emptied", defaultSeverity: .warning,
        rationale: "A table that had rows before the upgrade and has none after, in a store that kept its other data, "
            + "lost its rows in the migration (a mapping that dropped an entity, a table re-created): the user's data in "
            + "it is gone. A warning, not an error: a table the app drains itself (a queue, a cache) also empties. "
            + "A store emptied as a whole is store-emptied's finding.",
        triggeringExamples: [
            RuleExample("the notes dropped to zero", old: StoreExamples.container(StoreExamples.notes(12, folders: 2)),
                        new: StoreExamples.container(StoreExamples.notes(0, folders: 2)), expectedCount: 1),
            RuleExample("the notes table dropped", old: StoreExamples.container(StoreExamples.notes(12, folders: 2)),
                        new: StoreExamples.container(StoreExamples.dropping("ZNOTE", from: StoreExamples.notes(12, folders: 2))),
                        expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("rows kept through a migration", old: StoreExamples.container(StoreExamples.notes(12)),
                        new: StoreExamples.container(StoreExamples.notes(12, pinned: true))),
            RuleExample("the notes table renamed", old: StoreExamples.container(StoreExamples.notes(12, folders: 2)),
                        new: StoreExamples.container(StoreExamples.renaming("ZNOTE", to: "ZMEMO", in: StoreExamples.notes(12, folders: 2)))),
            RuleExample("the whole store emptied", old: StoreExamples.container(StoreExamples.notes(12, folders: 2)),
                        new: StoreExamples.container(StoreExamples.notes(0, folders: 0))),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        guard let stores = ContainerStores.of(context) else { return [] }
        var out: [Finding] = []
        for pair in stores.pairs {
            // A store the system may purge (URLCache's Cache.db) keeps nothing the user keeps;
            // one copied while open may hold its rows in the journal beside it.
            guard let old = pair.old, let new = pair.new, new.isReadable, !new.hasNoDataRows,
                  !ContainerStores.isPurgeable(pair.path), stores.pendingJournal(at: pair.path) == nil else { continue }
            // A table dropped while another appeared may have been renamed (Core Data's renaming
            // identifier): only a drop with no new table is a loss for certain.
            let added = new.dataTables.contains { old.table($0.name) == nil }
            for table in old.dataTables where table.hasRows {
                let after = new.table(table.name)
                let what: String
                if let after, after.kind == .table, after.rows == .exactly(0) {
                    what = "has no rows after the upgrade"
                } else if after == nil, !added {
                    what = "is gone after the upgrade (dropped, and no table took its place)"
                } else {
                    continue
                }
                out.append(ContainerStores.finding(
                    .storeTableEmptied, context, path: pair.path,
                    message: "the table \(ContainerStores.rows(table)) of \(pair.path) \(what): "
                        + "its data was lost in the migration, unless the app empties it itself",
                    subject: pair.path.description + "|" + table.name))
            }
        }
        return out
    }
}

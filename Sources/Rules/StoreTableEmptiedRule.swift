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
            RuleExample("an entity renamed without its renaming identifier: a new, empty table",
                        old: StoreExamples.container(StoreExamples.notes(12, folders: 2)),
                        new: StoreExamples.container(StoreExamples.renaming("ZNOTE", to: "ZENTRY", in: StoreExamples.notes(0, folders: 2))),
                        expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("rows kept through a migration", old: StoreExamples.container(StoreExamples.notes(12)),
                        new: StoreExamples.container(StoreExamples.notes(12, pinned: true))),
            RuleExample("the notes table renamed", old: StoreExamples.container(StoreExamples.notes(12, folders: 2)),
                        new: StoreExamples.container(StoreExamples.renaming("ZNOTE", to: "ZMEMO", in: StoreExamples.notes(12, folders: 2)))),
            RuleExample("the notes merged into another table", old: StoreExamples.container(StoreExamples.notes(12, folders: 2)),
                        new: StoreExamples.container(StoreExamples.dropping("ZNOTE", from: StoreExamples.notes(12, folders: 14)))),
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
            // A table dropped while another took rows may have been renamed (Core Data's renaming
            // identifier) or merged into one: only a drop whose rows went nowhere is a loss for
            // certain. A new table with no row took none (an entity renamed without its
            // renaming identifier: Core Data drops the old table and creates an empty one).
            let added = new.dataTables.contains { table in
                guard let before = old.table(table.name) else { return table.rows != .exactly(0) }
                return Self.mayHaveGrown(before.rows, table.rows)
            }
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

    /// Whether a table's row count may have grown from `before` to `after` (an uncounted
    /// side may have).
    static func mayHaveGrown(_ before: StoreTable.Rows, _ after: StoreTable.Rows) -> Bool {
        switch (before, after) {
        case (.exactly(let a), .exactly(let b)): b > a
        case (.exactly, .moreThan): true
        case (.moreThan, .exactly): false
        default: true
        }
    }
}

import BundleModel
import Stores

/// A store whose schema changed while its data stayed: a migration happened.
public struct StoreMigratedRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .storeMigrated, name: "Store migrated", defaultSeverity: .info,
        rationale: "A store whose tables, columns or indexes changed while its data stayed was migrated by the upgrade "
            + "(Core Data's lightweight migration, a GRDB migration): a fact for the release notes and for testing, not "
            + "an error. The report lists the schema changes.",
        triggeringExamples: [
            RuleExample("a column added, rows kept", old: StoreExamples.container(StoreExamples.notes(12)),
                        new: StoreExamples.container(StoreExamples.notes(12, pinned: true)), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("same schema, more rows", old: StoreExamples.container(StoreExamples.notes(12)),
                        new: StoreExamples.container(StoreExamples.notes(13))),
            RuleExample("schema changed and data lost", old: StoreExamples.container(StoreExamples.notes(12, folders: 2)),
                        new: StoreExamples.container(StoreExamples.notes(0, folders: 0, pinned: true))),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        guard let stores = ContainerStores.of(context) else { return [] }
        return stores.pairs.compactMap { pair in
            guard let old = pair.old, let new = pair.new, old.isReadable, new.isReadable else { return nil }
            let changes = new.schemaChanges(from: old)
            guard !changes.isEmpty, !(old.hasDataRows && new.hasNoDataRows) else { return nil }
            let shown = changes.prefix(8).joined(separator: "; ") + (changes.count > 8 ? "; …" : "")
            return ContainerStores.finding(.storeMigrated, context, path: pair.path,
                                           message: "the store \(pair.path) was migrated (its schema changed, its data was not emptied): \(shown)",
                                           subject: pair.path.description)
        }
    }
}

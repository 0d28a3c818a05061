import BundleModel

import Stores

/// A store SQLite cannot read after the upgrade.
public struct StoreUnreadableRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .storeUnreadable, name: "Store cannot be read", defaultSeverity: .warning,
        rationale: "A store that SQLite cannot open or read (corrupt, truncated) after the upgrade holds data the app "
            + "can no longer read: the user's data in it is lost unless the app repairs it. A finding, not exit 2: "
            + "the container itself was read, and a damaged store is exactly what a migration report must show. A "
            + "file named .sqlite that is not SQLite at all (another format, or a store encrypted with SQLCipher) is "
            + "reported at info level. A store unchanged since before is not reported.",
        triggeringExamples: [
            RuleExample("a corrupt store", old: StoreExamples.container(StoreExamples.notes(3)),
                        new: StoreExamples.container(StoreFacts(state: .unreadable(reason: "database disk image is malformed"))),
                        expectedCount: 1),
            RuleExample("a .sqlite file that is not SQLite", old: StoreExamples.container(nil),
                        new: StoreExamples.container(StoreFacts(state: .notSQLite)), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("a readable store", old: StoreExamples.container(StoreExamples.notes(3)),
                        new: StoreExamples.container(StoreExamples.notes(4))),
            RuleExample("unreadable before and unchanged",
                        old: StoreExamples.container(StoreFacts(state: .unreadable(reason: "file is not a database"))),
                        new: StoreExamples.container(StoreFacts(state: .unreadable(reason: "file is not a database")))),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        guard let stores = ContainerStores.of(context) else { return [] }
        return stores.pairs.compactMap { pair in
            guard let new = pair.new, !new.isReadable else { return nil }
            if let old = pair.old, old == new, let a = pair.oldFile?.sha256, a == pair.newFile?.sha256 { return nil }
            let isNew = pair.old.map(\.isReadable) ?? true
            switch new.state {
            case .notSQLite:
                return ContainerStores.finding(.storeUnreadable, context,
                                               severity: context.severity(of: .storeUnreadable, atMost: .info), path: pair.path,
                                               message: "\(pair.path) is named like a SQLite store but is not one "
                                                   + "(another format, or an encrypted store)",
                                               subject: pair.path.description, isNew: isNew)
            case .unreadable(let reason) where stores.pendingJournal(at: pair.path) != nil:
                let (name, size) = stores.pendingJournal(at: pair.path) ?? ("", 0)
                return ContainerStores.finding(.storeUnreadable, context,
                                               severity: context.severity(of: .storeUnreadable, atMost: .info), path: pair.path,
                                               message: "the store \(pair.path) cannot be read alone (\(reason)), and \(name) "
                                                   + "beside it holds \(size) bytes: the container was copied while the app "
                                                   + "had the store open; snapshot it after the app quits to judge the store",
                                               subject: pair.path.description, isNew: isNew)
            case .unreadable(let reason):
                return ContainerStores.finding(.storeUnreadable, context, path: pair.path,
                                               message: "the store \(pair.path) cannot be read: \(reason); the data in it "
                                                   + "is lost to the app unless it repairs the store",
                                               subject: pair.path.description, isNew: isNew)
            case .sqlite:
                return nil
            }
        }
    }
}

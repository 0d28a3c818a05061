import BundleModel
import Comparison

/// Data moved out of `Documents/` (the user no longer sees it) or into it (now shown).
public struct ContainerDocumentsMoveRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .containerDocumentsMoved, name: "Data moved out of or into Documents/", defaultSeverity: .warning,
        rationale: "Documents/ holds user-created content and is exposed to the user through file sharing and the "
            + "Files app (File System Basics). Moved out, the user's files vanish from their view (a warning); moved "
            + "in, app data is now shown to the user (info). Moves out of Documents/Inbox/ are how an app handles "
            + "an opened file, and moves to a purgeable place are container.moved-to-purgeable's. A SQLite store "
            + "and its journal files are no documents the user opens: moved out, information.",
        triggeringExamples: [
            RuleExample("a SQLite store moved out of Documents (info)",
                        old: ContainerExamples.container([:]).store("Documents/Notes.sqlite", StoreExamples.notes(12)),
                        new: ContainerExamples.container([:]).store("Library/Application Support/Notes.sqlite", StoreExamples.notes(12)),
                        expectedCount: 1),
            RuleExample("Documents → Application Support",
                        old: ContainerExamples.container(["Documents/notes.db": "notes db"]),
                        new: ContainerExamples.container(["Library/Application Support/com.example.notes/notes.db": "notes db"]),
                        expectedCount: 1),
            RuleExample("Application Support → Documents",
                        old: ContainerExamples.container(["Library/Application Support/com.example.notes/log.txt": "log lines"]),
                        new: ContainerExamples.container(["Documents/log.txt": "log lines"]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("Inbox → Documents (handled)",
                        old: ContainerExamples.container(["Documents/Inbox/mail.pdf": "pdf bytes"]),
                        new: ContainerExamples.container(["Documents/mail.pdf": "pdf bytes"])),
            RuleExample("Documents → Caches (the purgeable rule's)",
                        old: ContainerExamples.container(["Documents/a.txt": "a note"]),
                        new: ContainerExamples.container(["Library/Caches/a.txt": "a note"])),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        guard let changes = ContainerChanges.of(context) else { return [] }
        return changes.moves.compactMap { move in
            let (from, to) = ContainerChanges.areas(move)
            guard !to.contains(where: \.isPurgeable), from != .inbox else { return nil }
            let inDocuments = { (a: ContainerArea) in a == .documents || a == .inbox }
            if from == .documents, let target = to.first(where: { !inDocuments($0) }) {
                // A database (and its journal) is no document the user opens: moving it out
                // of Documents is the usual fix, and it is shown nowhere once moved.
                if Self.isStore(move, context) {
                    return Finding(ruleID: .containerDocumentsMoved,
                                   severity: context.severity(of: .containerDocumentsMoved, atMost: .info),
                                   bundle: ContainerChanges.app(context),
                                   message: "\(ContainerChanges.describe(move)): a data store moved out of Documents/ into "
                                       + "\(target.folder), where file sharing and the Files app no longer show it",
                                   paths: move.to, subject: ContainerChanges.subject(move))
                }
                return Finding(ruleID: .containerDocumentsMoved, severity: context.severity(of: .containerDocumentsMoved),
                               bundle: ContainerChanges.app(context),
                               message: "\(ContainerChanges.describe(move)): moved out of Documents/ into \(target.folder); "
                                   + "the user no longer sees these files in the Files app or through file sharing",
                               paths: move.to, subject: ContainerChanges.subject(move))
            }
            if !inDocuments(from), to.contains(where: inDocuments) {
                return Finding(ruleID: .containerDocumentsMoved,
                               severity: context.severity(of: .containerDocumentsMoved, atMost: .info), bundle: ContainerChanges.app(context),
                               message: "\(ContainerChanges.describe(move)): moved from \(from.folder) into Documents/; "
                                   + "the user now sees these files through file sharing",
                               paths: move.to, subject: ContainerChanges.subject(move))
            }
            return nil
        }
    }

    /// Whether every file `move` took is a SQLite store the container's facts name, or one
    /// of a store's journal files (`-wal`, `-shm`, `-journal`).
    static func isStore(_ move: ResourceMove, _ context: RuleContext) -> Bool {
        let stores = context.comparison.new.stores
        return !move.to.isEmpty && move.kind != .folder && move.to.allSatisfy { path in
            if stores[path] != nil { return true }
            let name = path.nameString
            return ["-wal", "-shm", "-journal"].contains { suffix in
                name.hasSuffix(suffix) && stores[path.parent.appending(String(name.dropLast(suffix.count)))] != nil
            }
        }
    }
}

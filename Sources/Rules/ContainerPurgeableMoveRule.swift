import BundleModel
import Comparison

/// Data moved from a backed-up place of the data container to one the system purges.
public struct ContainerPurgeableMoveRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .containerMovedToPurgeable, name: "Data moved to a purgeable place", defaultSeverity: .error,
        rationale: "Library/Caches/ is not backed up and the system deletes it when disk space is very low; tmp/ may "
            + "be purged whenever the app is not running (File System Basics). Data that lived in Documents/ or "
            + "Library/Application Support/ was backed up and kept: moved there, the user can lose it. From another "
            + "backed-up place in Library/ it is a warning.",
        triggeringExamples: [
            RuleExample("Documents → Caches",
                        old: ContainerExamples.container(["Documents/trip.json": "trip"]),
                        new: ContainerExamples.container(["Library/Caches/trip.json": "trip"]), expectedCount: 1),
            RuleExample("Application Support folder → tmp",
                        old: ContainerExamples.container(["Library/Application Support/com.example.notes/a.db": "store a",
                                                          "Library/Application Support/com.example.notes/b.db": "store b"]),
                        new: ContainerExamples.container(["tmp/store/a.db": "store a", "tmp/store/b.db": "store b"]),
                        expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("Caches → Application Support (safer)",
                        old: ContainerExamples.container(["Library/Caches/thumb.png": "png"]),
                        new: ContainerExamples.container(["Library/Application Support/thumb.png": "png"])),
            RuleExample("renamed in Application Support, with a copy in Caches",
                        old: ContainerExamples.container(["Library/Application Support/com.example.notes/photo.jpg": "jpeg bytes"]),
                        new: ContainerExamples.container([
                            "Library/Application Support/com.example.notes/Attachments/1.jpg": "jpeg bytes",
                            "Library/Caches/ImagePipeline/00a7.jpg": "jpeg bytes"])),
            RuleExample("within Documents",
                        old: ContainerExamples.container(["Documents/a.txt": "a"]),
                        new: ContainerExamples.container(["Documents/Notes/a.txt": "a"])),
            RuleExample("a build, not a container",
                        old: ExampleBuild().file("Documents/a.txt", "a"), new: ExampleBuild().file("Library/Caches/a.txt", "a")),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        guard let changes = ContainerChanges.of(context) else { return [] }
        return changes.moves.compactMap { move in
            let (from, to) = ContainerChanges.areas(move)
            // Kept anywhere backed up (a file renamed in place, a copy in Caches beside it),
            // the data is not lost: only a move whose every copy is purgeable is.
            guard from.isBackedUp, from != .appBundle, !to.isEmpty, to.allSatisfy(\.isPurgeable),
                  let purged = to.first else { return nil }
            let user = from == .documents || from == .inbox || from == .applicationSupport
            return Finding(
                ruleID: .containerMovedToPurgeable,
                severity: user ? context.severity(of: .containerMovedToPurgeable)
                    : context.severity(of: .containerMovedToPurgeable, atMost: .warning),
                bundle: ContainerChanges.app(context),
                message: "\(ContainerChanges.describe(move)): moved from \(from.folder), which is backed up, to "
                    + "\(purged.folder), which the system may purge; the user can lose this data",
                paths: move.to, subject: ContainerChanges.subject(move))
        }
    }
}

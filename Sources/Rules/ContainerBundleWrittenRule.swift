import BundleModel
import Comparison

/// Files written into an app bundle that the container input holds.
public struct ContainerBundleWrittenRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .containerBundleWritten, name: "Files written into the app bundle", defaultSeverity: .error,
        rationale: "The app bundle is read-only and signed at install: writing into it breaks the signature and the "
            + "app no longer launches (File System Basics). When the input holds the bundle and its version and build "
            + "are the same before and after, any file added, changed or removed in it was written at run time; a "
            + "bundle of another version is an upgrade and is not judged.",
        triggeringExamples: [
            RuleExample("a file written into the bundle",
                        old: ContainerExamples.container(["Documents/a.txt": "a"])
                            .bundle("Notes.app", id: "com.example.notes", version: "7", shortVersion: "1.2")
                            .file("Notes.app/Notes", "exec"),
                        new: ContainerExamples.container(["Documents/a.txt": "a"])
                            .bundle("Notes.app", id: "com.example.notes", version: "7", shortVersion: "1.2")
                            .file("Notes.app/Notes", "exec").file("Notes.app/cache.json", "{}"), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("the bundle upgraded",
                        old: ContainerExamples.container(["Documents/a.txt": "a"])
                            .bundle("Notes.app", id: "com.example.notes", version: "7", shortVersion: "1.2")
                            .file("Notes.app/Notes", "exec"),
                        new: ContainerExamples.container(["Documents/a.txt": "a"])
                            .bundle("Notes.app", id: "com.example.notes", version: "8", shortVersion: "1.3")
                            .file("Notes.app/Notes", "exec 2").file("Notes.app/new.json", "{}")),
            RuleExample("data written outside the bundle",
                        old: ContainerExamples.container(["Documents/a.txt": "a"])
                            .bundle("Notes.app", id: "com.example.notes", version: "7", shortVersion: "1.2"),
                        new: ContainerExamples.container(["Documents/a.txt": "a", "Documents/b.txt": "b"])
                            .bundle("Notes.app", id: "com.example.notes", version: "7", shortVersion: "1.2")),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        guard ContainerChanges.of(context) != nil else { return [] }
        return context.comparison.bundles.compactMap { b in
            guard b.status == .matched, let old = b.old, let new = b.new, old.kind == .app || new.kind == .app,
                  old.version == new.version, old.shortVersion == new.shortVersion else { return nil }
            let f = b.files
            let paths = (f.added + f.movedHere).map(\.path) + f.modified.map(\.path) + (f.removed + f.movedAway).map(\.path)
            guard !paths.isEmpty else { return nil }
            let shown = paths.prefix(5).map(\.description).joined(separator: ", ")
            return Finding(ruleID: .containerBundleWritten, severity: context.severity(of: .containerBundleWritten),
                           bundle: b.name,
                           message: "\(paths.count) file(s) changed inside \(new.path)/ while its version stayed "
                               + "\(new.shortVersion ?? "-") (\(new.version ?? "-")): \(shown)\(paths.count > 5 ? ", …" : ""); "
                               + "writing into the bundle breaks its signature and the app no longer launches",
                           paths: Array(paths.prefix(20)), subject: new.path.description)
        }
    }
}

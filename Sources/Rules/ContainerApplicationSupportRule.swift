import BundleModel
import Comparison

/// Files directly in `Library/Application Support/`, not in a subfolder of their own.
public struct ContainerApplicationSupportRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .containerApplicationSupportLoose, name: "A file directly in Application Support/", defaultSeverity: .info,
        rationale: "Put app-managed data in a subfolder of Library/Application Support/ named with the bundle "
            + "identifier or the company (File System Basics), so the app's files stay apart from those of its "
            + "frameworks and extensions. Only files directly in Application Support/ are reported: a folder's name "
            + "cannot be judged (a framework's own folder is fine).",
        triggeringExamples: [
            RuleExample("a store at the top",
                        old: ContainerExamples.container(["Documents/a.txt": "a"]),
                        new: ContainerExamples.container(["Documents/a.txt": "a", "Library/Application Support/Model.sqlite": "db"]),
                        expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("in a bundle-id folder",
                        old: ContainerExamples.container(["Documents/a.txt": "a"]),
                        new: ContainerExamples.container(["Documents/a.txt": "a",
                                                          "Library/Application Support/com.example.notes/Model.sqlite": "db"])),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        guard ContainerChanges.of(context) != nil else { return [] }
        let c = context.comparison
        let folder = BundlePath("Library/Application Support")
        return c.new.entries.compactMap { entry in
            guard entry.kind != .directory, entry.path.parent == folder else { return nil }
            let app = c.new.container?.appIdentifier ?? "<bundle-id>"
            return Finding(ruleID: .containerApplicationSupportLoose,
                           severity: context.severity(of: .containerApplicationSupportLoose), bundle: ContainerChanges.app(context),
                           message: "\(entry.path) lies directly in Library/Application Support/: keep app data in a "
                               + "subfolder named with the bundle identifier (Application Support/\(app)/) or the company",
                           paths: [entry.path], isNew: c.oldIndex.entry(at: entry.path) == nil, subject: entry.path.description)
        }
    }
}

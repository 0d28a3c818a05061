import BundleModel
import Comparison

/// Files still in `Documents/Inbox/`, unchanged, after the upgrade.
public struct ContainerInboxLeftRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .containerInboxLeft, name: "Files left in Documents/Inbox/", defaultSeverity: .info,
        rationale: "Documents/Inbox/ is backed up and counts against the user's storage; an app that has handled an "
            + "opened file should move it out or delete it (File System Basics). A file found there unchanged both "
            + "before and after the upgrade was not handled, or was handled and left behind.",
        triggeringExamples: [
            RuleExample("still there",
                        old: ContainerExamples.container(["Documents/Inbox/mail.pdf": "pdf"]),
                        new: ContainerExamples.container(["Documents/Inbox/mail.pdf": "pdf", "Documents/a.txt": "a"]),
                        expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("handled", old: ContainerExamples.container(["Documents/Inbox/mail.pdf": "pdf"]),
                        new: ContainerExamples.container(["Documents/mail.pdf": "pdf"])),
            RuleExample("newly delivered", old: ContainerExamples.container(["Documents/a.txt": "a"]),
                        new: ContainerExamples.container(["Documents/a.txt": "a", "Documents/Inbox/new.pdf": "pdf"])),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        guard ContainerChanges.of(context) != nil else { return [] }
        let c = context.comparison
        return c.new.entries.compactMap { entry in
            guard entry.kind == .file, ContainerArea.of(entry.path) == .inbox,
                  let before = c.oldIndex.entry(at: entry.path), before.kind == .file, before.sha256 == entry.sha256 else {
                return nil
            }
            return Finding(ruleID: .containerInboxLeft, severity: context.severity(of: .containerInboxLeft), bundle: ContainerChanges.app(context),
                           message: "\(entry.path) is still in Documents/Inbox/, unchanged since before the upgrade: "
                               + "move an opened file out of Inbox/ or delete it once handled",
                           paths: [entry.path], isNew: false, subject: entry.path.description)
        }
    }
}

import BundleModel
import Comparison

/// Files the app wrote into `Documents/Inbox/`, where it may only read and delete.
public struct ContainerInboxWriteRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .containerInboxWritten, name: "The app wrote into Documents/Inbox/", defaultSeverity: .warning,
        rationale: "Documents/Inbox/ holds files other apps asked this app to open; the app may read and delete them "
            + "but not create or write them: move a file out before editing it (File System Basics). The system puts "
            + "a delivered file directly in Inbox/, so a file changed in place, moved in from elsewhere in the "
            + "container, or placed in a subfolder of Inbox/ was written by the app. A new file directly in Inbox/ "
            + "may be a delivery and is not reported.",
        triggeringExamples: [
            RuleExample("edited in place",
                        old: ContainerExamples.container(["Documents/Inbox/report.pdf": "v1"]),
                        new: ContainerExamples.container(["Documents/Inbox/report.pdf": "v1 with notes"]),
                        expectedCount: 1),
            RuleExample("moved into Inbox",
                        old: ContainerExamples.container(["Documents/draft.txt": "draft"]),
                        new: ContainerExamples.container(["Documents/Inbox/draft.txt": "draft"]), expectedCount: 1),
            RuleExample("a subfolder of Inbox",
                        old: ContainerExamples.container(["Documents/a.txt": "a"]),
                        new: ContainerExamples.container(["Documents/a.txt": "a", "Documents/Inbox/work/tmp.txt": "t"]),
                        expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("a delivered file",
                        old: ContainerExamples.container(["Documents/a.txt": "a"]),
                        new: ContainerExamples.container(["Documents/a.txt": "a", "Documents/Inbox/mail.pdf": "pdf"])),
            RuleExample("handled: moved out of Inbox",
                        old: ContainerExamples.container(["Documents/Inbox/mail.pdf": "pdf"]),
                        new: ContainerExamples.container(["Documents/mail.pdf": "pdf"])),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        guard let changes = ContainerChanges.of(context) else { return [] }
        var out: [Finding] = []
        func add(_ what: String, _ path: BundlePath, _ subject: String) {
            out.append(Finding(ruleID: .containerInboxWritten, severity: context.severity(of: .containerInboxWritten),
                               bundle: ContainerChanges.app(context), message: "\(what): the app may read and delete files in Documents/Inbox/, "
                                   + "not write them; move a file out of Inbox/ before changing it",
                               paths: [path], subject: subject))
        }
        for m in changes.modified where ContainerArea.of(m.path) == .inbox {
            add("\(m.path) was changed in place", m.path, "modified:\(m.path)")
        }
        for move in changes.moves {
            let (from, to) = ContainerChanges.areas(move)
            guard from != .inbox, let i = to.firstIndex(of: .inbox) else { continue }
            add("\(ContainerChanges.describe(move)) was moved into Inbox/", move.to[i], ContainerChanges.subject(move))
        }
        for file in changes.added where ContainerArea.of(file.path) == .inbox && file.path.components.count > 3 {
            add("\(file.path) was created in a subfolder of Inbox/", file.path, "added:\(file.path)")
        }
        return out
    }
}

import BundleModel
import Comparison

/// A file or folder renamed by letter case only (`Icon.PNG` → `icon.png`).
public struct CaseOnlyRenameRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .caseOnlyRename, name: "Rename that changes only letter case", defaultSeverity: .warning,
        rationale: "Bundle lookups are case-sensitive on device but not in the simulator or on a default macOS "
            + "volume: code that still names the old spelling works in development and finds nothing on a phone. "
            + "In a macOS bundle the old spelling fails only on a case-sensitive volume: information there.",
        triggeringExamples: [
            RuleExample("Icon.PNG → icon.png", old: ResourceMovedRule.app(["Images/Icon.PNG": "png-bytes"]),
                        new: ResourceMovedRule.app(["Images/icon.png": "png-bytes"]), expectedCount: 1),
            RuleExample("folder case", old: ResourceMovedRule.app(["Images/a.png": "aaaa", "Images/b.png": "bbbb"]),
                        new: ResourceMovedRule.app(["images/a.png": "aaaa", "images/b.png": "bbbb"]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("real rename", old: ResourceMovedRule.app(["Images/Icon.png": "png-bytes"]),
                        new: ResourceMovedRule.app(["Images/AppIcon.png": "png-bytes"])),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        MoveCategory.moves(context, for: .caseOnlyRename).map { fact, move in
            let name = move.toBundle ?? move.fromBundle
            let mac = context.comparison.bundles.first { $0.name == name }?.new?.layout == .contents
            return Finding(
                ruleID: .caseOnlyRename,
                severity: mac ? context.severity(of: .caseOnlyRename, atMost: .info) : context.severity(of: .caseOnlyRename),
                bundle: name ?? "",
                message: "\(MoveCategory.what(move)) renamed \(MoveCategory.targets(move)) by letter case only"
                    + "\(MoveCategory.changed(move)): "
                    + (mac ? "lookups are case-sensitive on a case-sensitive volume" : "lookups are case-sensitive on device")
                    + "; update every reference to the new spelling",
                paths: fact.to, subject: MoveCategory.subject(move))
        }
    }
}

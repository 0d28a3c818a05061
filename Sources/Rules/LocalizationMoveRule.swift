import BundleModel
import Comparison

/// A resource that moved into or out of an `.lproj` folder, or from one to another.
public struct LocalizationMoveRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .localizationMove, name: "Resource moved across a localization boundary", defaultSeverity: .warning,
        rationale: "A shared resource that moved into one .lproj exists only for that language: other languages "
            + "get nothing. A localized resource moved out of its .lproj is the same for every language. A file "
            + "moved from en.lproj to Base.lproj changes which languages fall back to it.",
        triggeringExamples: [
            RuleExample("shared → en.lproj", old: ResourceMovedRule.app(["Terms.html": "<p>Terms</p>"]),
                        new: ResourceMovedRule.app(["en.lproj/Terms.html": "<p>Terms</p>"]), expectedCount: 1),
            RuleExample("fr.lproj → shared", old: ResourceMovedRule.app(["fr.lproj/Terms.html": "<p>Conditions</p>"]),
                        new: ResourceMovedRule.app(["Terms.html": "<p>Conditions</p>"]), expectedCount: 1),
            RuleExample("en.lproj → Base.lproj", old: ResourceMovedRule.app(["en.lproj/Main.nib": "nib-bytes"]),
                        new: ResourceMovedRule.app(["Base.lproj/Main.nib": "nib-bytes"]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("moved inside en.lproj", old: ResourceMovedRule.app(["en.lproj/Terms.html": "<p>Terms</p>"]),
                        new: ResourceMovedRule.app(["en.lproj/Legal/Terms.html": "<p>Terms</p>"])),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        MoveCategory.moves(context, for: .localizationMove).compactMap { fact, move in
            guard let change = move.localization else { return nil }
            let advice: String = switch change {
            case .intoLocalization(let l):
                "it now exists only for \(l): add it to every language folder, or keep a shared copy at the top level"
            case .outOfLocalization(let l):
                "it is no longer localized (was \(l)): every language now gets this copy; remove other languages' "
                    + "copies or move it back"
            case .betweenLocalizations(let a, let b):
                "it moved from \(a).lproj to \(b).lproj: check which languages now fall back to it, and update "
                    + "lookups that name \(a)"
            }
            return Finding(
                ruleID: .localizationMove, severity: context.severity(of: .localizationMove),
                bundle: move.toBundle ?? move.fromBundle ?? "",
                message: "\(MoveCategory.what(move)) moved to \(MoveCategory.targets(move))\(MoveCategory.changed(move)): "
                    + advice,
                paths: fact.to, subject: MoveCategory.subject(move))
        }
    }
}

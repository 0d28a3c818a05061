import BundleModel
import Comparison

/// A resource that moved into or out of an `.lproj` folder, or from one to another.
public struct LocalizationMoveRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .localizationMove, name: "Resource moved across a localization boundary", defaultSeverity: .warning,
        rationale: "A shared resource that moved into one .lproj exists only for that language: other languages "
            + "get nothing. A localized resource moved out of its .lproj is the same for every language. A file "
            + "moved between two languages' folders changes which languages fall back to it. Between one language's "
            + "spellings (pt_BR → pt-BR), or between the development language's folder and Base.lproj (which serves "
            + "the development region), every user gets the same file: noted at info for lookups that name the path.",
        triggeringExamples: [
            RuleExample("shared → en.lproj", old: ResourceMovedRule.app(["Terms.html": "<p>Terms</p>"]),
                        new: ResourceMovedRule.app(["en.lproj/Terms.html": "<p>Terms</p>"]), expectedCount: 1),
            RuleExample("fr.lproj → shared", old: ResourceMovedRule.app(["fr.lproj/Terms.html": "<p>Conditions</p>"]),
                        new: ResourceMovedRule.app(["Terms.html": "<p>Conditions</p>"]), expectedCount: 1),
            RuleExample("de.lproj → fr.lproj", old: ResourceMovedRule.app(["de.lproj/Main.nib": "nib-bytes"]),
                        new: ResourceMovedRule.app(["fr.lproj/Main.nib": "nib-bytes"]), expectedCount: 1),
            RuleExample("en.lproj → Base.lproj (info: Base serves the development region)",
                        old: ResourceMovedRule.app(["en.lproj/Main.nib": "nib-bytes"]),
                        new: ResourceMovedRule.app(["Base.lproj/Main.nib": "nib-bytes"]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("moved inside en.lproj", old: ResourceMovedRule.app(["en.lproj/Terms.html": "<p>Terms</p>"]),
                        new: ResourceMovedRule.app(["en.lproj/Legal/Terms.html": "<p>Terms</p>"])),
        ])

    /// Why a move from `a.lproj` to `b.lproj` gives every user the same file, or nil: one
    /// language respelled (`pt_BR` → `pt-BR`), or the development language's folder and
    /// `Base.lproj`, which serves the development region (Xcode's base internationalization).
    static func sameForEveryUser(_ a: String, _ b: String, _ move: ResourceMove, _ context: RuleContext) -> String? {
        if LanguageCode.canonical(a) == LanguageCode.canonical(b) { return "\(a).lproj and \(b).lproj are one language" }
        let comparison = context.comparison.bundles.first { $0.name == (move.toBundle ?? move.fromBundle) }
        if comparison?.localizationsRenamed.contains(where: { $0.from == a && $0.to == b }) == true {
            return "\(a).lproj gave way to \(b).lproj, where its users fall back"
        }
        guard a == "Base" || b == "Base" else { return nil }
        let other = a == "Base" ? b : a
        guard let bundle = comparison?.new else { return nil }
        let region = LanguageDroppedRule.developmentRegion(of: bundle, context)
        guard LanguageCode.canonical(other) == LanguageCode.canonical(region)
                || LanguageCode.canonical(other) == LanguageCode.language(of: region) else { return nil }
        return "Base.lproj serves the development region (\(region))"
    }

    public func findings(in context: RuleContext) -> [Finding] {
        MoveCategory.moves(context, for: .localizationMove).compactMap { fact, move in
            guard let change = move.localization else { return nil }
            var severity = context.severity(of: .localizationMove)
            let advice: String
            switch change {
            case .intoLocalization(let l):
                advice = "it now exists only for \(l): add it to every language folder, or keep a shared copy at the top level"
            case .outOfLocalization(let l):
                advice = "it is no longer localized (was \(l)): every language now gets this copy; remove other languages' "
                    + "copies or move it back"
            case .betweenLocalizations(let a, let b):
                if let same = Self.sameForEveryUser(a, b, move, context) {
                    advice = "\(same): no user sees a change; update lookups that name \(a)"
                    severity = context.severity(of: .localizationMove, atMost: .info)
                } else {
                    advice = "it moved from \(a).lproj to \(b).lproj: check which languages now fall back to it, and update "
                        + "lookups that name \(a)"
                }
            }
            return Finding(
                ruleID: .localizationMove, severity: severity,
                bundle: move.toBundle ?? move.fromBundle ?? "",
                message: "\(MoveCategory.what(move)) moved to \(MoveCategory.targets(move))\(MoveCategory.changed(move)): "
                    + advice,
                paths: fact.to, subject: MoveCategory.subject(move))
        }
    }
}

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
            + "spellings (pt_BR → pt-BR, in → id), or between the development language's folder and Base.lproj (which serves "
            + "the development region), every user gets the same file: noted at info for lookups that name the path.",
        triggeringExamples: [
            RuleExample("shared → fr.lproj", old: ResourceMovedRule.app(["Terms.html": "<p>Terms</p>"]),
                        new: ResourceMovedRule.app(["fr.lproj/Terms.html": "<p>Terms</p>"]), expectedCount: 1),
            RuleExample("shared → en.lproj (info: the development region's folder serves every language)",
                        old: ResourceMovedRule.app(["Terms.html": "<p>Terms</p>"]),
                        new: ResourceMovedRule.app(["en.lproj/Terms.html": "<p>Terms</p>"]), expectedCount: 1),
            RuleExample("Base.lproj → shared, no language with a copy (info)",
                        old: ResourceMovedRule.app(["Base.lproj/Launch.nib": "nib-bytes"]),
                        new: ResourceMovedRule.app(["Launch.nib": "nib-bytes"]), expectedCount: 1),
            RuleExample("en.lproj → shared while de.lproj keeps its copy",
                        old: ResourceMovedRule.app(["en.lproj/Credits.rtf": "credits", "de.lproj/Credits.rtf": "Dank"]),
                        new: ResourceMovedRule.app(["Credits.rtf": "credits", "de.lproj/Credits.rtf": "Dank"]), expectedCount: 1),
            RuleExample("fr.lproj → shared", old: ResourceMovedRule.app(["fr.lproj/Terms.html": "<p>Conditions</p>"]),
                        new: ResourceMovedRule.app(["Terms.html": "<p>Conditions</p>"]), expectedCount: 1),
            RuleExample("de.lproj → fr.lproj", old: ResourceMovedRule.app(["de.lproj/Main.nib": "nib-bytes"]),
                        new: ResourceMovedRule.app(["fr.lproj/Main.nib": "nib-bytes"]), expectedCount: 1),
            RuleExample("in.lproj → id.lproj (info: one language, in is withdrawn)",
                        old: ResourceMovedRule.app(["in.lproj/Terms.html": "<p>Syarat</p>"]),
                        new: ResourceMovedRule.app(["id.lproj/Terms.html": "<p>Syarat</p>"]), expectedCount: 1),
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

    /// Why every language without a copy of its own gets a file in `language`'s folder, or
    /// nil: `Base.lproj`, or the development region's folder, the last place the bundle
    /// search looks (Bundle Programming Guide, "The Bundle Search Pattern").
    static func servesEveryLanguage(_ language: String, _ move: ResourceMove, _ context: RuleContext) -> String? {
        if language == "Base" { return "Base.lproj serves every language without a copy of its own" }
        let name = move.toBundle ?? move.fromBundle
        guard let bundle = context.comparison.bundles.first(where: { $0.name == name })?.new else { return nil }
        let region = LanguageDroppedRule.developmentRegion(of: bundle, context)
        guard LanguageCode.canonical(language) == LanguageCode.canonical(region)
                || LanguageCode.canonical(language) == LanguageCode.language(of: region) else { return nil }
        return "\(language).lproj is the development region's, where every language without a copy of its own falls back"
    }

    /// Whether a folder of another language than `language` holds, in the new bundle, the
    /// file `move` took out of `language`'s folder (its users got their own copy before).
    static func otherLanguagesHaveCopies(_ language: String, _ move: ResourceMove, _ context: RuleContext) -> Bool {
        let bytes = move.from.bytes
        let suffix = Array(".lproj".utf8)
        guard let folder = move.from.componentRanges.dropLast().first(where: { range in
            range.count > suffix.count && bytes[range].suffix(suffix.count).elementsEqual(suffix)
        }) else { return false }
        let name = move.toBundle ?? move.fromBundle
        guard let bundle = context.comparison.bundles.first(where: { $0.name == name })?.new else { return false }
        return context.newIndex.localizations(of: bundle).contains { other in
            guard other != language else { return false }
            // `move.from` is relative to its bundle.
            let rel = Array(bytes[..<folder.lowerBound]) + Array((other + ".lproj").utf8) + Array(bytes[folder.upperBound...])
            let path = bundle.path.isRoot ? BundlePath(bytes: rel) : BundlePath(bytes: bundle.path.bytes + [UInt8(ascii: "/")] + rel)
            return context.newIndex.entry(at: path) != nil
        }
    }

    public func findings(in context: RuleContext) -> [Finding] {
        MoveCategory.moves(context, for: .localizationMove).compactMap { fact, move in
            guard let change = move.localization else { return nil }
            var severity = context.severity(of: .localizationMove)
            let advice: String
            switch change {
            case .intoLocalization(let l):
                if let why = Self.servesEveryLanguage(l, move, context) {
                    advice = "\(why): no user loses it; update lookups that name the old path"
                    severity = context.severity(of: .localizationMove, atMost: .info)
                } else {
                    advice = "it now exists only for \(l): add it to every language folder, or keep a shared copy at the top level"
                }
            case .outOfLocalization(let l):
                if let why = Self.servesEveryLanguage(l, move, context), !Self.otherLanguagesHaveCopies(l, move, context) {
                    advice = "\(why), and no other language has a copy: every user got this file before, and gets it now; "
                        + "update lookups that name the old path"
                    severity = context.severity(of: .localizationMove, atMost: .info)
                } else {
                    advice = "it is no longer localized (was \(l)): every language now gets this copy; remove other languages' "
                        + "copies or move it back"
                }
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

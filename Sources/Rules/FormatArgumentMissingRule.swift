import BundleModel
import Comparison

/// A translation shows every argument (or app placeholder) of the reference for the same key.
public struct FormatArgumentMissingRule: LocalizationRule {
    public init() {}

    public func findings(in context: RuleContext) -> [Finding] { localizationFindings(in: context) }

    public static let description = RuleDescription(
        id: .formatArgumentMissing, name: "A translation leaves out an argument of the reference",
        defaultSeverity: .warning,
        rationale: "An argument the translation does not use is simply not shown (\"%@ and %@\" translated as "
            + "\"%@ und\"); an app placeholder such as %0 that a translation turned into \"0%\" is never replaced. "
            + "Users of that language miss the value, but nothing crashes, hence a warning. A plural text of a "
            + ".stringsdict may leave its number out (\"one item\").",
        triggeringExamples: [
            RuleExample("count differs", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("pair", "%@ and %@")]),
                ("de.lproj/Localizable.strings", [("pair", "%@ und")]),
            ]), expectedCount: 1),
            RuleExample("a positional argument dropped", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("pair", "%1$@ sent %2$ld files")]),
                ("fr.lproj/Localizable.strings", [("pair", "%2$ld fichiers envoyés")]),
            ]), expectedCount: 1),
            RuleExample("an app placeholder mangled into a percentage", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("o", "%0 of %1")]),
                ("fr.lproj/Localizable.strings", [("o", "0% de %1")]),
            ]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("every argument, reordered", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("pair", "%1$@ sent %2$ld files")]),
                ("fr.lproj/Localizable.strings", [("pair", "%2$ld fichiers envoyés par %1$@")]),
            ])),
            RuleExample("prose percentages", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("s", "0%, 25%, 50%, 75% and 100%")]),
                ("tr.lproj/Localizable.strings", [("s", "%0, %25, %50, %75 ve %100")]),
            ])),
        ])

    func check(_ bundle: LocalizedBundle, context: RuleContext) -> [Finding] {
        FormatSpecifierRule.findings(in: bundle, of: .missing, rule: .formatArgumentMissing, context: context)
    }
}

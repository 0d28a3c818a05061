import BundleModel
import Comparison

/// A `.lproj` folder whose name is not a language code (`jp.lproj` is not Japanese).
public struct InvalidFolderNameRule: LocalizationRule {
    public init() {}

    public func findings(in context: RuleContext) -> [Finding] { localizationFindings(in: context) }

    public static let description = RuleDescription(
        id: .invalidFolderName, name: "Language folder name is not a language code", defaultSeverity: .warning,
        rationale: "The system picks an .lproj folder by matching its name against the user's preferred languages. "
            + "A folder named after a country (jp, cn, kr) or anything else that is no language code is never "
            + "chosen, so its translations ship but nobody sees them. Of the old English names, only those ICU's "
            + "alias map knows are read (English, French, German, Japanese, Spanish, Italian, Dutch, Swedish, Danish, "
            + "Norwegian, Finnish, Portuguese, Korean, Chinese, Russian, Polish, Turkish, Arabic, Thai, in any letter "
            + "case); Hungarian.lproj, Czech.lproj, Hebrew.lproj or Greek.lproj is never chosen.",
        triggeringExamples: [
            RuleExample("jp is not Japanese", old: nil, new: L10nExamples.app(files: [
                "en.lproj/Bye.txt", "jp.lproj/Bye.txt",
            ]), expectedCount: 1),
            RuleExample("not a code at all", old: nil, new: L10nExamples.app(files: [
                "en.lproj/Bye.txt", "Hungarian.lproj/Bye.txt", "pt_BRA.lproj/Bye.txt",
            ]), expectedCount: 2),
        ],
        nonTriggeringExamples: [
            RuleExample("codes with script and region, legacy and Base", old: nil, new: L10nExamples.app(files: [
                "en.lproj/Bye.txt", "ja.lproj/Bye.txt", "zh-Hans.lproj/Bye.txt", "pt_BR.lproj/Bye.txt",
                "es-419.lproj/Bye.txt", "fil.lproj/Bye.txt", "English.lproj/Bye.txt", "thai.lproj/Bye.txt", "Base.lproj/Main.nib",
            ])),
        ])

    func check(_ bundle: LocalizedBundle, context: RuleContext) -> [Finding] {
        var out: [Finding] = []
        for group in bundle.groups {
            for language in group.languages.keys.sorted() {
                guard let problem = LanguageCode.problem(with: language), let folder = group.languages[language] else {
                    continue
                }
                let display = bundle.display(group, language)
                out.append(Finding(
                    ruleID: .invalidFolderName, severity: context.severity(of: .invalidFolderName), bundle: bundle.name,
                    message: "\(display): \(problem); the system never selects this folder",
                    paths: [folder], subject: display))
            }
        }
        return out
    }
}

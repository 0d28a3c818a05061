import BundleModel
import Comparison

/// A localization folder with a legacy English name (`English.lproj`, `Japanese.lproj`).
/// The loaders still accept the name, so alone it is noted at info at most; beside a folder
/// with the code of the same language (`English.lproj` and `en.lproj`) it is a warning.
public struct LegacyFolderNameRule: LocalizationRule {
    public init() {}

    public func findings(in context: RuleContext) -> [Finding] { localizationFindings(in: context) }

    public static let description = RuleDescription(
        id: .legacyFolderName, name: "Legacy language folder name", defaultSeverity: .warning,
        rationale: "Names such as English.lproj or Japanese.lproj are a deprecated spelling that the loaders still "
            + "accept; Xcode, translation tools and CFBundleLocalizations use ISO codes (en.lproj, ja.lproj), and "
            + "a bundle that mixes both spellings ships two folders for one language, of which the system reads "
            + "one. Users see no difference from the name alone, hence info at most unless both spellings exist.",
        triggeringExamples: [
            RuleExample("English and Japanese (info)", old: nil, new: L10nExamples.app(files: [
                "English.lproj/A.strings", "Japanese.lproj/A.strings", "fr.lproj/A.strings",
            ]), expectedCount: 2),
            RuleExample("English.lproj beside en.lproj", old: nil, new: L10nExamples.app(files: [
                "English.lproj/A.strings", "en.lproj/B.strings",
            ]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("ISO codes", old: nil, new: L10nExamples.app(files: [
                "en.lproj/A.strings", "ja.lproj/A.strings", "Base.lproj/Main.nib",
            ])),
        ])

    func check(_ bundle: LocalizedBundle, context: RuleContext) -> [Finding] {
        var out: [Finding] = []
        for group in bundle.groups {
            for language in group.languages.keys.sorted() {
                guard LanguageCode.isLegacyName(language), let folder = group.languages[language] else { continue }
                let code = LanguageCode.canonical(language)
                let display = bundle.display(group, language)
                let twin = group.languages.keys.contains { $0 != language && LanguageCode.canonical($0) == code }
                out.append(Finding(
                    ruleID: .legacyFolderName,
                    severity: twin ? context.severity(of: .legacyFolderName)
                        : context.severity(of: .legacyFolderName, atMost: .info),
                    bundle: bundle.name,
                    message: "\(display) uses the legacy name '\(language)': rename it \(code).lproj"
                        + (twin ? " and merge it with the existing \(code) folder" : ""),
                    paths: [folder], subject: display))
            }
        }
        return out
    }
}

import BundleModel
import Comparison

/// Every language folder holds the same files (subfolders included); `Base.lproj` is a
/// source, not a language, and the reference language may rely on `Base.lproj`'s copy.
public struct MissingLocalizedFileRule: LocalizationRule {
    public init() {}

    public func findings(in context: RuleContext) -> [Finding] { localizationFindings(in: context) }

    public static let description = RuleDescription(
        id: .missingLocalizedFile, name: "Localized file missing from some languages", defaultSeverity: .warning,
        rationale: "Each language-specific .lproj folder should contain the same set of resource files, subfolders "
            + "included; a missing file falls back to another language at run time, showing users the wrong text "
            + "or image.",
        triggeringExamples: [
            RuleExample("de lacks Localizable.strings", old: nil, new: L10nExamples.app(files: [
                "en.lproj/Localizable.strings", "fr.lproj/Localizable.strings", "de.lproj/Other.strings",
                "en.lproj/Other.strings", "fr.lproj/Other.strings",
            ]), expectedCount: 1),
            RuleExample("subfolder file", old: nil, new: L10nExamples.app(files: [
                "en.lproj/CitySounds/city1.aiff", "ja.lproj/Bye.txt", "en.lproj/Bye.txt",
            ]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("Base storyboard localized by .strings", old: nil, new: L10nExamples.app(files: [
                "Base.lproj/Main.storyboardc/Info.plist", "en.lproj/Main.strings", "fr.lproj/Main.strings",
            ])),
            RuleExample("reference language relies on Base", old: nil, new: L10nExamples.app(files: [
                "Base.lproj/Sparkle.strings", "fr.lproj/Sparkle.strings", "en.lproj/A.strings", "fr.lproj/A.strings",
            ])),
        ])

    func check(_ bundle: LocalizedBundle, context: RuleContext) -> [Finding] {
        var out: [Finding] = []
        for group in bundle.groups {
            let languages = group.spokenLanguages
            guard languages.count >= 2 else { continue }
            var all = Set<BundlePath>()
            for l in languages { all.formUnion(group.files[l]?.keys ?? [:].keys) }
            for rel in all.sorted() {
                let missing = languages.filter { l in
                    group.files[l]?[rel] == nil && !(l == group.reference && group.files["Base"]?[rel] != nil)
                }
                guard !missing.isEmpty else { continue }
                let present = languages.filter { group.files[$0]?[rel] != nil }
                let names = missing.map { $0 + ".lproj" }.joined(separator: ", ")
                out.append(Finding(
                    ruleID: .missingLocalizedFile, severity: context.severity(of: .missingLocalizedFile), bundle: bundle.name,
                    message: "\(rel) is in \(present.count) language folder(s) but missing from \(names) "
                        + "in \(group.relativeFolder.isRoot ? "the bundle" : group.relativeFolder.description): add it",
                    paths: missing.compactMap { group.languages[$0]?.appending(rel.bytes) },
                    subject: group.relativeFolder.appending(rel.bytes).description + "@" + missing.joined(separator: ",")))
            }
        }
        return out
    }
}

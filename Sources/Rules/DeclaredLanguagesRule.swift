import BundleModel
import Comparison
import PropertyLists

/// The languages the Info.plist declares match the bundle's `.lproj` folders:
/// `CFBundleLocalizations` (when present) lists exactly the folders, and
/// `CFBundleDevelopmentRegion` has a folder of its own.
public struct DeclaredLanguagesRule: LocalizationRule {
    public init() {}

    public func findings(in context: RuleContext) -> [Finding] { localizationFindings(in: context) }

    public static let description = RuleDescription(
        id: .declaredLanguages, name: "Declared languages differ from the .lproj folders", defaultSeverity: .warning,
        rationale: "Every supported language has a <language>.lproj folder. A language CFBundleLocalizations "
            + "names without a folder is advertised but falls back to another language; a folder it does not "
            + "list is shipped but never chosen. CFBundleDevelopmentRegion names the reference language, which "
            + "must have its own folder (Base.lproj is a source, not a language).",
        triggeringExamples: [
            RuleExample("declared de has no folder", old: nil, new: L10nExamples.app(
                files: ["en.lproj/A.strings", "fr.lproj/A.strings"],
                info: [("CFBundleLocalizations", .strings(["en", "fr", "de"]))]), expectedCount: 1),
            RuleExample("folder it does not list", old: nil, new: L10nExamples.app(
                files: ["en.lproj/A.strings", "it.lproj/A.strings"],
                info: [("CFBundleLocalizations", .strings(["en"]))]), expectedCount: 1),
            RuleExample("development region without a folder, Base only", old: nil, new: L10nExamples.app(
                files: ["Base.lproj/Main.storyboardc/Info.plist"]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("declared and present, legacy spelling and Base", old: nil, new: L10nExamples.app(
                files: ["English.lproj/A.strings", "pt_BR.lproj/A.strings", "Base.lproj/Main.nib"],
                info: [("CFBundleLocalizations", .strings(["en", "pt-BR"]))])),
            RuleExample("no key: folders are enough", old: nil, new: L10nExamples.app(
                files: ["en.lproj/A.strings", "fr.lproj/A.strings"])),
            RuleExample("not localized at all", old: nil, new: L10nExamples.app(files: ["Icon.png"])),
        ])

    func check(_ bundle: LocalizedBundle, context: RuleContext) -> [Finding] {
        guard let group = bundle.groups.first(where: { $0.folder == bundle.bundle.resourcesPath }) else { return [] }
        var folders: [String: String] = [:]
        for name in group.languages.keys.sorted() where name != "Base" {
            folders[LanguageCode.canonical(name)] = folders[LanguageCode.canonical(name)] ?? name
        }
        var out: [Finding] = []
        let severity = context.severity(of: .declaredLanguages)
        let infoPath = [bundle.bundle.infoPlistPath]
        if let declared = bundle.info?["CFBundleLocalizations"]?.arrayValue {
            let names = declared.compactMap(\.stringValue)
            let listed = Set(names.map(LanguageCode.canonical))
            for name in names where name != "Base" && folders[LanguageCode.canonical(name)] == nil {
                out.append(Finding(
                    ruleID: .declaredLanguages, severity: severity, bundle: bundle.name,
                    message: "CFBundleLocalizations lists '\(name)' but the bundle has no \(name).lproj: add the "
                        + "folder or remove the language from the list",
                    paths: infoPath, subject: "declared-without-folder|" + LanguageCode.canonical(name)))
            }
            for code in folders.keys.sorted() where !listed.contains(code) {
                let folder = (folders[code] ?? code) + ".lproj"
                out.append(Finding(
                    ruleID: .declaredLanguages, severity: severity, bundle: bundle.name,
                    message: "\(folder) is not listed in CFBundleLocalizations, so the system never picks it: "
                        + "add '\(code)' to CFBundleLocalizations or remove the folder",
                    paths: group.languages[folders[code] ?? code].map { [$0] } ?? infoPath,
                    subject: "folder-not-declared|" + code))
            }
        }
        if let region = bundle.info?["CFBundleDevelopmentRegion"]?.stringValue, !region.isEmpty,
           folders[LanguageCode.canonical(region)] == nil, folders[Self.language(region)] == nil {
            out.append(Finding(
                ruleID: .declaredLanguages, severity: severity, bundle: bundle.name,
                message: "CFBundleDevelopmentRegion is '\(region)' but the bundle has no \(region).lproj "
                    + "(Base.lproj does not count): add the folder or set the region to a language it has",
                paths: infoPath, subject: "development-region|" + LanguageCode.canonical(region)))
        }
        return out
    }

    /// The language subtag alone (`en_US` → `en`): a region's language folder serves it.
    static func language(_ name: String) -> String {
        String(LanguageCode.canonical(name).split(separator: "-").first ?? "")
    }
}

import BundleModel
import Comparison
import PropertyLists

/// The languages the Info.plist declares match the bundle's `.lproj` folders:
/// `CFBundleDevelopmentRegion` has a folder of its own or `Base.lproj`, which CFBundle
/// uses as the development region's localization. A folder `CFBundleLocalizations` leaves
/// out is still used (the bundle's localizations are the list plus its folders), and a
/// language it lists without a folder may be one the app translates itself (Flutter, React
/// Native): both are noted at info at most.
public struct DeclaredLanguagesRule: LocalizationRule {
    public init() {}

    public func findings(in context: RuleContext) -> [Finding] { localizationFindings(in: context) }

    public static let description = RuleDescription(
        id: .declaredLanguages, name: "Declared languages differ from the .lproj folders", defaultSeverity: .warning,
        rationale: "CFBundleDevelopmentRegion names the language the bundle falls back to: it needs a folder, "
            + "or Base.lproj, which CFBundle uses as the development region's localization (the standard Xcode "
            + "layout). A folder CFBundleLocalizations does not name is still used, since the bundle's localizations are the list plus its folders: noted at info at most. "
            + "So is a language CFBundleLocalizations names without a folder: Apple defines the key as the "
            + "localizations an app handles itself (Flutter and React Native apps list their languages there and "
            + "ship no folders), so only the team knows whether the language is translated elsewhere or falls "
            + "back to another one.",
        triggeringExamples: [
            RuleExample("declared de has no folder (info)", old: nil, new: L10nExamples.app(
                files: ["en.lproj/A.strings", "fr.lproj/A.strings"],
                info: [("CFBundleLocalizations", .strings(["en", "fr", "de"]))]), expectedCount: 1),
            RuleExample("folder it does not list (info)", old: nil, new: L10nExamples.app(
                files: ["en.lproj/A.strings", "it.lproj/A.strings"],
                info: [("CFBundleLocalizations", .strings(["en"]))]), expectedCount: 1),
            RuleExample("development region without a folder or Base", old: nil, new: L10nExamples.app(
                files: ["fr.lproj/A.strings", "de.lproj/A.strings"]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("declared and present, legacy spelling and Base", old: nil, new: L10nExamples.app(
                files: ["English.lproj/A.strings", "pt_BR.lproj/A.strings", "Base.lproj/Main.nib"],
                info: [("CFBundleLocalizations", .strings(["en", "pt-BR"]))])),
            RuleExample("no key: folders are enough", old: nil, new: L10nExamples.app(
                files: ["en.lproj/A.strings", "fr.lproj/A.strings"])),
            RuleExample("Base.lproj serves the development region (Xcode layout)", old: nil, new: L10nExamples.app(
                files: ["Base.lproj/Main.storyboardc/Info.plist", "Base.lproj/LaunchScreen.storyboardc/Info.plist"],
                info: [("CFBundleLocalizations", .strings(["en"]))])),
            RuleExample("not localized at all", old: nil, new: L10nExamples.app(files: ["Icon.png"])),
        ])

    func check(_ bundle: LocalizedBundle, context: RuleContext) -> [Finding] {
        guard let group = bundle.groups.first(where: { $0.folder == bundle.bundle.resourcesPath }) else { return [] }
        var folders: [String: String] = [:]
        for name in group.languages.keys.sorted() where name != "Base" {
            folders[LanguageCode.canonical(name)] = folders[LanguageCode.canonical(name)] ?? name
        }
        let region = bundle.info?["CFBundleDevelopmentRegion"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        /// Whether the bundle localizes `name`: its folder, its language's folder, or Base for the region.
        func served(_ name: String) -> Bool {
            if folders[LanguageCode.canonical(name)] != nil || folders[LanguageCode.language(of: name)] != nil { return true }
            guard group.languages["Base"] != nil else { return false }
            let development = region ?? "en"
            return LanguageCode.canonical(name) == LanguageCode.canonical(development)
                || LanguageCode.canonical(name) == LanguageCode.language(of: development)
        }
        var out: [Finding] = []
        let severity = context.severity(of: .declaredLanguages)
        let infoPath = [bundle.bundle.infoPlistPath]
        if let declared = bundle.info?["CFBundleLocalizations"]?.arrayValue {
            let names = declared.compactMap(\.stringValue)
            let listed = Set(names.map(LanguageCode.canonical))
            for name in names where name != "Base" && folders[LanguageCode.canonical(name)] == nil && !served(name) {
                out.append(Finding(
                    ruleID: .declaredLanguages, severity: context.severity(of: .declaredLanguages, atMost: .info),
                    bundle: bundle.name,
                    message: "CFBundleLocalizations lists '\(name)' but the bundle has no \(name).lproj: unless the "
                        + "app translates it itself, \(name) users see another language; add the folder or remove the "
                        + "language from the list",
                    paths: infoPath, subject: "declared-without-folder|" + LanguageCode.canonical(name)))
            }
            for code in folders.keys.sorted() where !listed.contains(code) {
                let folder = (folders[code] ?? code) + ".lproj"
                out.append(Finding(
                    ruleID: .declaredLanguages, severity: context.severity(of: .declaredLanguages, atMost: .info),
                    bundle: bundle.name,
                    message: "\(folder) is not listed in CFBundleLocalizations: the system still uses the folder, but "
                        + "the list is incomplete; add '\(code)' to CFBundleLocalizations",
                    paths: group.languages[folders[code] ?? code].map { [$0] } ?? infoPath,
                    subject: "folder-not-declared|" + code))
            }
        }
        if let region, !served(region) {
            // An empty folder is a localization CFBundle lists, with nothing in it.
            let empty = bundle.bundle.localizations.first { LanguageCode.canonical($0) == LanguageCode.canonical(region) }
            out.append(Finding(
                ruleID: .declaredLanguages, severity: severity, bundle: bundle.name,
                message: empty.map { "CFBundleDevelopmentRegion is '\(region)' but \($0).lproj holds no file: add its "
                    + "resources or set the region to a language it has" }
                    ?? "CFBundleDevelopmentRegion is '\(region)' but the bundle has neither \(region).lproj nor "
                    + "Base.lproj: add a folder or set the region to a language it has",
                paths: infoPath, subject: "development-region|" + LanguageCode.canonical(region)))
        }
        return out
    }
}

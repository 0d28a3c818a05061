import BundleModel
import Comparison

/// A language the old build's bundle had and the new build's bundle lacks. A folder that
/// only changed its spelling (`pt_BR` → `pt-BR`, `iw` → `he`) is noted as a rename at info at most; a
/// legacy name replaced by its code (`English` → `en`) is neither. `Base.lproj` is no
/// language: its removal counts only when it served the development region, which the
/// new build no longer localizes at all.
public struct LanguageDroppedRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .languageDropped, name: "Language dropped from a bundle", defaultSeverity: .warning,
        rationale: "Users of a dropped language silently fall back to another one after the update. A folder "
            + "renamed to another spelling of the same language keeps working for users (noted at info at most), "
            + "but code that names the folder (forLocalization:, paths) must follow the new spelling. Base.lproj "
            + "is no language: removing it drops the development language only when no folder of that language "
            + "remains, and the development language's folder giving way to Base.lproj is no drop either. A "
            + "bundle that localizes nothing any more serves its unlocalized resources, in the development "
            + "language, to everyone: that language's folder going is no drop. A folder going while another region of "
            + "its language and script stays (en.lproj beside en_GB.lproj) leaves its users that region's text: noted "
            + "at info at most. Norwegian no.lproj is the fallback of Bokmål and Nynorsk users alike: going while "
            + "nb.lproj stays, it still drops Nynorsk.",
        triggeringExamples: [
            RuleExample("de dropped", old: L10nExamples.app(files: ["en.lproj/A.strings", "de.lproj/A.strings"]),
                        new: L10nExamples.app(files: ["en.lproj/A.strings"]), expectedCount: 1),
            RuleExample("pt_BR respelled pt-BR (info)", old: L10nExamples.app(files: ["en.lproj/A.strings", "pt_BR.lproj/A.strings"]),
                        new: L10nExamples.app(files: ["en.lproj/A.strings", "pt-BR.lproj/A.strings"]), expectedCount: 1),
            RuleExample("iw.lproj renamed he.lproj (info: ICU reads the withdrawn code iw as he)",
                        old: L10nExamples.app(files: ["en.lproj/A.strings", "iw.lproj/A.strings"]),
                        new: L10nExamples.app(files: ["en.lproj/A.strings", "he.lproj/A.strings"]), expectedCount: 1),
            RuleExample("no.lproj gone beside nb.lproj: Nynorsk users fell back to no, not to nb",
                        old: L10nExamples.app(files: ["nb.lproj/A.strings", "no.lproj/A.strings"]),
                        new: L10nExamples.app(files: ["nb.lproj/A.strings"]), expectedCount: 1),
            RuleExample("every folder gone: de users now see the development language",
                        old: L10nExamples.app(files: ["en.lproj/A.strings", "de.lproj/A.strings"]),
                        new: L10nExamples.app(files: ["A.strings"]), expectedCount: 1),
            RuleExample("Base.lproj served en and is gone", old: L10nExamples.app(files: ["Base.lproj/A.strings", "fr.lproj/A.strings"]),
                        new: L10nExamples.app(files: ["fr.lproj/A.strings"]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("English.lproj became en.lproj", old: L10nExamples.app(files: ["English.lproj/A.strings"]),
                        new: L10nExamples.app(files: ["en.lproj/A.strings"])),
            RuleExample("language added", old: L10nExamples.app(files: ["en.lproj/A.strings"]),
                        new: L10nExamples.app(files: ["en.lproj/A.strings", "fr.lproj/A.strings"])),
            RuleExample("no old build", old: nil, new: L10nExamples.app(files: ["en.lproj/A.strings"])),
            RuleExample("en.lproj became Base.lproj (base internationalization)",
                        old: L10nExamples.app(files: ["en.lproj/Main.nib", "fr.lproj/Main.nib"]),
                        new: L10nExamples.app(files: ["Base.lproj/Main.nib", "fr.lproj/Main.nib"])),
            RuleExample("the only folder, the development language's, gone (nothing localized now)",
                        old: L10nExamples.app(files: ["English.lproj/InfoPlist.strings"]),
                        new: L10nExamples.app(files: ["Icon.png"])),
            RuleExample("Base.lproj gone, en.lproj stays", old: L10nExamples.app(files: ["Base.lproj/Main.nib", "en.lproj/A.strings"]),
                        new: L10nExamples.app(files: ["en.lproj/A.strings", "Main.nib"])),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        var out: [Finding] = []
        let severity = context.severity(of: .languageDropped)
        for b in context.comparison.bundles where b.status == .matched {
            let paths = b.old.map { [$0.path] } ?? []
            for language in b.localizationsRemoved {
                // en.lproj → Base.lproj (Xcode's base internationalization): Base serves the
                // development region, so its users and every fallback get the same files.
                if language != "Base", Self.baseServesRegion(language, b, context) { continue }
                // The bundle localizes nothing any more: every user gets the unlocalized
                // resources, which are in the development language, so its users lose nothing.
                if let new = b.new, new.localizations.isEmpty,
                   Self.isRegion(language, Self.developmentRegion(of: new, context)) { continue }
                // Another region of the same language and script stays (`en_GB` for `en`):
                // its users get that, not another language.
                let kin = language == "Base" ? nil : b.new?.localizations.sorted().first {
                    $0 != "Base" && LanguageCode.languageAndScript(of: $0) == LanguageCode.languageAndScript(of: language)
                }
                if let kin {
                    out.append(Finding(
                        ruleID: .languageDropped, severity: context.severity(of: .languageDropped, atMost: .info),
                        bundle: b.name,
                        message: "\(language).lproj is gone: users of '\(language)' now get \(kin).lproj, the same "
                            + "language for another region; restore the folder if its wording differs on purpose",
                        paths: Self.folders(language, of: b.old, in: context.oldIndex, else: paths),
                        subject: "dropped|" + LanguageCode.canonical(language)))
                    continue
                }
                var message = "\(language).lproj is gone: users of '\(language)' now see another language; restore the "
                    + "folder, or confirm the language was dropped on purpose"
                // Norwegian `no` is the parent of Bokmål and Nynorsk (CLDR): beside `nb.lproj`,
                // only Nynorsk users lose it.
                if LanguageCode.language(of: language) == "no",
                   let bokmal = b.new?.localizations.sorted().first(where: { LanguageCode.language(of: $0) == "nb" }) {
                    message = "\(language).lproj is gone: Bokmål users keep \(bokmal).lproj, but Nynorsk (nn) users, "
                        + "whose fallback it was, now see another language; restore it, or add nn.lproj"
                }
                if language == "Base" {
                    guard let region = Self.developmentRegionLeft(b, context) else { continue }
                    message = "Base.lproj is gone and the bundle has no \(region).lproj: users of the development "
                        + "language '\(region)' now see another language; restore the folder, or confirm on purpose"
                }
                out.append(Finding(
                    ruleID: .languageDropped, severity: severity, bundle: b.name, message: message,
                    paths: Self.folders(language, of: b.old, in: context.oldIndex, else: paths),
                    subject: "dropped|" + LanguageCode.canonical(language)))
            }
            for rename in b.localizationsRenamed where !LanguageCode.isLegacyName(rename.from) {
                out.append(Finding(
                    ruleID: .languageDropped, severity: context.severity(of: .languageDropped, atMost: .info), bundle: b.name,
                    message: "\(rename.from).lproj was renamed \(rename.to).lproj (same language, not a drop): update "
                        + "code and configuration that name '\(rename.from)' (forLocalization:, resource paths)",
                    paths: Self.folders(rename.to, of: b.new, in: context.newIndex, else: paths),
                    subject: "renamed|" + rename.from + "|" + rename.to))
            }
        }
        return out
    }

    /// Whether `language` is the new build's development region and the new build has a
    /// `Base.lproj` to serve it.
    static func baseServesRegion(_ language: String, _ b: BundleComparison, _ context: RuleContext) -> Bool {
        guard let new = b.new, new.localizations.contains("Base") else { return false }
        return isRegion(language, developmentRegion(of: new, context))
    }

    /// Whether `language` is the development region `region` or its language.
    static func isRegion(_ language: String, _ region: String) -> Bool {
        LanguageCode.canonical(language) == LanguageCode.canonical(region)
            || LanguageCode.canonical(language) == LanguageCode.language(of: region)
    }

    /// `CFBundleDevelopmentRegion` of the new build's bundle (`en` when absent).
    static func developmentRegion(of bundle: BundleInfo, _ context: RuleContext) -> String {
        let info = context.newIndex.snapshot.plists[bundle.infoPlistPath]?.document?.root.dictionaryValue
        return info?["CFBundleDevelopmentRegion"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? "en"
    }

    /// The development region Base.lproj served in the old build (it had no folder of its
    /// own) when the new build has no folder for it either; nil when no user lost it.
    static func developmentRegionLeft(_ b: BundleComparison, _ context: RuleContext) -> String? {
        guard let old = b.old, let new = b.new else { return nil }
        let region = developmentRegion(of: new, context)
        func has(_ names: [String]) -> Bool {
            names.contains { $0 != "Base" && LanguageCode.canonical($0) == LanguageCode.canonical(region) }
                || names.contains { $0 != "Base" && LanguageCode.canonical($0) == LanguageCode.language(of: region) }
        }
        return has(old.localizations) || has(new.localizations) ? nil : region
    }

    /// Every `<language>.lproj` folder of `bundle` (nested groups included).
    static func folders(_ language: String, of bundle: BundleInfo?, in index: SnapshotIndex,
                        else fallback: [BundlePath]) -> [BundlePath] {
        guard let bundle else { return fallback }
        let hits = index.localizationFolders(of: bundle).filter { LanguageCode.folderLanguage($0.nameString) == language }
        return hits.isEmpty ? fallback : hits
    }
}

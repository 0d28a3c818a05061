import BundleModel
import Comparison

/// A language the old build's bundle had and the new build's bundle lacks. A folder that
/// only changed its spelling (`pt_BR` → `pt-BR`) is reported as a rename; a legacy name
/// replaced by its code (`English` → `en`) is neither.
public struct LanguageDroppedRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .languageDropped, name: "Language dropped from a bundle", defaultSeverity: .warning,
        rationale: "Users of a dropped language silently fall back to another one after the update. A folder "
            + "renamed to another spelling of the same language keeps working for users, but code that names the "
            + "folder (forLocalization:, paths) must follow the new spelling.",
        triggeringExamples: [
            RuleExample("de dropped", old: L10nExamples.app(files: ["en.lproj/A.strings", "de.lproj/A.strings"]),
                        new: L10nExamples.app(files: ["en.lproj/A.strings"]), expectedCount: 1),
            RuleExample("pt_BR respelled pt-BR", old: L10nExamples.app(files: ["en.lproj/A.strings", "pt_BR.lproj/A.strings"]),
                        new: L10nExamples.app(files: ["en.lproj/A.strings", "pt-BR.lproj/A.strings"]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("English.lproj became en.lproj", old: L10nExamples.app(files: ["English.lproj/A.strings"]),
                        new: L10nExamples.app(files: ["en.lproj/A.strings"])),
            RuleExample("language added", old: L10nExamples.app(files: ["en.lproj/A.strings"]),
                        new: L10nExamples.app(files: ["en.lproj/A.strings", "fr.lproj/A.strings"])),
            RuleExample("no old build", old: nil, new: L10nExamples.app(files: ["en.lproj/A.strings"])),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        var out: [Finding] = []
        let severity = context.severity(of: .languageDropped)
        for b in context.comparison.bundles where b.status == .matched {
            let paths = b.old.map { [$0.path] } ?? []
            for language in b.localizationsRemoved {
                out.append(Finding(
                    ruleID: .languageDropped, severity: severity, bundle: b.name,
                    message: "\(language).lproj is gone: users of '\(language)' now see another language; restore the "
                        + "folder, or confirm the language was dropped on purpose",
                    paths: Self.folders(language, of: b.old, in: context.oldIndex, else: paths),
                    subject: "dropped|" + LanguageCode.canonical(language)))
            }
            for rename in b.localizationsRenamed where !LanguageCode.isLegacyName(rename.from) {
                out.append(Finding(
                    ruleID: .languageDropped, severity: severity, bundle: b.name,
                    message: "\(rename.from).lproj was renamed \(rename.to).lproj (same language, not a drop): update "
                        + "code and configuration that name '\(rename.from)' (forLocalization:, resource paths)",
                    paths: Self.folders(rename.to, of: b.new, in: context.newIndex, else: paths),
                    subject: "renamed|" + rename.from + "|" + rename.to))
            }
        }
        return out
    }

    /// Every `<language>.lproj` folder of `bundle` (nested groups included).
    static func folders(_ language: String, of bundle: BundleInfo?, in index: SnapshotIndex,
                        else fallback: [BundlePath]) -> [BundlePath] {
        guard let bundle else { return fallback }
        let hits = index.localizationFolders(of: bundle).filter { LanguageCode.folderLanguage($0.nameString) == language }
        return hits.isEmpty ? fallback : hits
    }
}

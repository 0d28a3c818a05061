import BundleModel
import Comparison
import PropertyLists

/// An `InfoPlist.strings` must localize every user-visible Info.plist key the bundle uses
/// (`CFBundleDisplayName`, every `NS…UsageDescription`) and must never override the build number.
public struct InfoPlistStringsRule: LocalizationRule {
    public init() {}

    public func findings(in context: RuleContext) -> [Finding] { localizationFindings(in: context) }

    public static let description = RuleDescription(
        id: .infoPlistStrings, name: "InfoPlist.strings incomplete or overriding the build number", defaultSeverity: .warning,
        rationale: "InfoPlist.strings localizes user-visible Info.plist keys: a usage description missing from one "
            + "language shows the development language in the permission prompt, and CFBundleDisplayName, once "
            + "some translations localize it, shows the development language's name to the others (a name no "
            + "translation localizes is a brand, the same everywhere). A regional variant (en-GB beside en) falls back to "
            + "its language. The development language's own table (Base.lproj or its folder) shows Info.plist's text "
            + "for a key it lacks: a key the translations localize and it does not is noted at info at most. "
            + "CFBundleVersion is never localized: a localized one makes the bundle report another version in that "
            + "language. CFBundleShortVersionString may be localized (Xcode's old template: \"Example version 3.8\").",
        triggeringExamples: [
            RuleExample("fr lacks the camera usage description", old: nil, new: app(tables: [
                ("en.lproj/InfoPlist.strings", [("CFBundleDisplayName", "Example"), ("NSCameraUsageDescription", "Scan")]),
                ("fr.lproj/InfoPlist.strings", [("CFBundleDisplayName", "Exemple")]),
            ]), expectedCount: 1),
            RuleExample("ja lacks the name de and fr localize", old: nil, new: app(tables: [
                ("de.lproj/InfoPlist.strings", [("CFBundleDisplayName", "Beispiel"), ("NSCameraUsageDescription", "Scannen")]),
                ("fr.lproj/InfoPlist.strings", [("CFBundleDisplayName", "Exemple"), ("NSCameraUsageDescription", "Scanner")]),
                ("ja.lproj/InfoPlist.strings", [("NSCameraUsageDescription", "スキャン")]),
            ]), expectedCount: 1),
            RuleExample("version overridden", old: nil, new: app(tables: [
                ("en.lproj/InfoPlist.strings", [("CFBundleDisplayName", "Example"), ("NSCameraUsageDescription", "Scan"),
                                                ("CFBundleVersion", "7")]),
            ]), expectedCount: 1),
            RuleExample("Base lacks a usage description the translations localize (info)", old: nil, new: app(tables: [
                ("Base.lproj/InfoPlist.strings", [("CFBundleDisplayName", "Example")]),
                ("fr.lproj/InfoPlist.strings", [("CFBundleDisplayName", "Exemple"), ("NSCameraUsageDescription", "Scanner")]),
            ]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("every used key localized", old: nil, new: app(tables: [
                ("en.lproj/InfoPlist.strings", [("CFBundleDisplayName", "Example"), ("NSCameraUsageDescription", "Scan")]),
                ("de.lproj/InfoPlist.strings", [("CFBundleDisplayName", "Beispiel"), ("NSCameraUsageDescription", "Scannen")]),
            ])),
            RuleExample("regional variant with overrides only", old: nil, new: app(tables: [
                ("en.lproj/InfoPlist.strings", [("CFBundleDisplayName", "Example"), ("NSCameraUsageDescription", "Scan")]),
                ("en-GB.lproj/InfoPlist.strings", [("CFBundleDisplayName", "Example (UK)")]),
            ])),
            RuleExample("a brand name no translation localizes", old: nil, new: app(tables: [
                ("de.lproj/InfoPlist.strings", [("NSCameraUsageDescription", "Scannen")]),
                ("fr.lproj/InfoPlist.strings", [("NSCameraUsageDescription", "Scanner")]),
            ])),
            RuleExample("the marketing version localized as the old template did", old: nil, new: app(tables: [
                ("en.lproj/InfoPlist.strings", [("CFBundleDisplayName", "Example"), ("NSCameraUsageDescription", "Scan"),
                                                ("CFBundleShortVersionString", "Example version 1.0")]),
            ])),
            RuleExample("no InfoPlist.strings at all", old: nil, new: app(tables: [
                ("en.lproj/Localizable.strings", [("hello", "Hello")]),
            ])),
        ])

    static func app(tables: [(String, [(String, String)])]) -> ExampleBuild {
        L10nExamples.app(tables: tables, info: [("CFBundleDisplayName", .string("Example")),
                                                ("NSCameraUsageDescription", .string("Scan codes"))])
    }

    /// Keys a localization may never override: the build number. The marketing version may
    /// be localized (Apple's key reference; Xcode's old template wrote "Example version 3.8").
    static let versionKeys = ["CFBundleVersion"]

    /// The user-visible keys of `info` that each `InfoPlist.strings` should localize, sorted.
    static func userVisibleKeys(_ info: PlistDictionary?) -> [String] {
        guard let info else { return [] }
        return info.keys.filter { key in
            key == "CFBundleDisplayName" || (key.hasPrefix("NS") && key.hasSuffix("UsageDescription"))
        }.sorted()
    }

    /// `Base`, or the development language: the configured reference language, else the
    /// bundle's `CFBundleDevelopmentRegion` (default `en`), compared by canonical code or by
    /// its language alone (`en_US` is served by `en.lproj`).
    static func isDevelopment(_ language: String, _ bundle: LocalizedBundle, _ configuration: RuleConfiguration) -> Bool {
        if language == "Base" { return true }
        let development = configuration.referenceLanguage
            ?? bundle.info?["CFBundleDevelopmentRegion"]?.stringValue ?? "en"
        let code = LanguageCode.canonical(language)
        return code == LanguageCode.canonical(development) || code == LanguageCode.language(of: development)
    }

    func check(_ bundle: LocalizedBundle, context: RuleContext) -> [Finding] {
        let wanted = Self.userVisibleKeys(bundle.info)
        let rel = BundlePath("InfoPlist.strings")
        var out: [Finding] = []
        for group in bundle.groups where group.folder == bundle.bundle.resourcesPath {
            let tables = group.languages.keys.sorted().compactMap { l in bundle.table(group, l, rel).map { (l, $0) } }
            // Keys the translations localize: what the development table is held to.
            let translated = Set(tables.filter { !Self.isDevelopment($0.0, bundle, context.configuration) }
                .flatMap { $0.1.sortedKeys }).intersection(wanted)
            for (language, table) in tables {
                let display = bundle.display(group, language, rel)
                let paths = group.languages[language].map { [$0.appending(rel.bytes)] } ?? []
                if Self.isDevelopment(language, bundle, context.configuration) {
                    // The development language shows Info.plist's own text for a key its table lacks.
                    let behind = translated.subtracting(table.sortedKeys).sorted()
                    if !behind.isEmpty {
                        out.append(Finding(
                            ruleID: .infoPlistStrings, severity: context.severity(of: .infoPlistStrings, atMost: .info),
                            bundle: bundle.name,
                            message: "\(display) does not localize \(behind.count) Info.plist key(s) other languages localize "
                                + "(\(StringKeysRule.list(behind))): development-language users see the Info.plist's own "
                                + "text; add them if that text is not the final wording",
                            paths: paths, subject: display + "|development:" + behind.joined(separator: ",")))
                    }
                } else if !group.isRegionalVariant(language) {
                    // The app's name is often a brand, the same in every language: only a
                    // translation behind the others that localize it lacks it.
                    let missing = wanted.filter { key in
                        !table.contains(key: key) && (key != "CFBundleDisplayName" || translated.contains(key))
                    }
                    if !missing.isEmpty {
                        out.append(Finding(
                            ruleID: .infoPlistStrings, severity: context.severity(of: .infoPlistStrings), bundle: bundle.name,
                            message: "\(display) does not localize \(missing.count) Info.plist key(s) the bundle uses "
                                + "(\(StringKeysRule.list(missing))): add them, or \(language) users see the development language",
                            paths: paths, subject: display + "|missing:" + missing.joined(separator: ",")))
                    }
                }
                let overridden = Self.versionKeys.filter { table.contains(key: $0) }
                if !overridden.isEmpty {
                    out.append(Finding(
                        ruleID: .infoPlistStrings, severity: context.severity(of: .infoPlistStrings), bundle: bundle.name,
                        message: "\(display) overrides \(overridden.joined(separator: ", ")): the build number is never "
                            + "localized; remove the key from the file",
                        paths: paths, subject: display + "|version:" + overridden.joined(separator: ",")))
                }
            }
        }
        return out
    }
}

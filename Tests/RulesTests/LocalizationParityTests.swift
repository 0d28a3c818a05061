import BundleModel
import Comparison
import Testing
@testable import Rules

/// What the parity rules count as a gap users see, and what they note at info at most:
/// Base.lproj layouts, regional variants, stale keys, Base interface tables, renames.
@Suite struct LocalizationParityTests {
    static func run(_ rule: RuleID, old: ExampleBuild? = nil, _ new: ExampleBuild,
                    configuration: RuleConfiguration = .init()) -> [Finding] {
        var example = RuleExample("", old: old, new: new)
        example.configuration = configuration
        return findings(of: rule, example)
    }

    static func warnings(_ f: [Finding]) -> [Finding] { f.filter { $0.severity >= .warning } }

    // MARK: Base.lproj

    @Test func baseOnlyIsTheXcodeSingleLanguageLayout() {
        let single = L10nExamples.app(files: ["Base.lproj/Main.storyboardc/Info.plist",
                                              "Base.lproj/LaunchScreen.storyboardc/Info.plist"])
        #expect(Self.run(.declaredLanguages, single).isEmpty, "Base.lproj serves the development region en")
        let declared = L10nExamples.app(files: ["Base.lproj/Main.storyboardc/Info.plist", "fr.lproj/Main.strings"],
                                        info: [("CFBundleLocalizations", .strings(["en", "fr"]))])
        #expect(Self.run(.declaredLanguages, declared).isEmpty, "en is declared and served by Base.lproj")
        let nothing = L10nExamples.app(files: ["fr.lproj/A.strings"])
        #expect(Self.run(.declaredLanguages, nothing).map(\.message)
            == ["CFBundleDevelopmentRegion is 'en' but the bundle has neither en.lproj nor Base.lproj: add a folder or "
                + "set the region to a language it has"])
    }

    @Test func baseTablesAreTheReferenceWhenTheDevelopmentRegionHasNoFolder() {
        let build = L10nExamples.app(tables: [
            ("Base.lproj/Localizable.strings", [("hello", "Hello"), ("bye", "Bye")]),
            ("de.lproj/Localizable.strings", [("hello", "Hallo")]),
            ("fr.lproj/Localizable.strings", [("hello", "Bonjour"), ("bye", "Au revoir")]),
        ])
        let f = Self.run(.stringKeysDiffer, build)
        #expect(f.map(\.message) == ["de.lproj/Localizable.strings lacks 1 key(s) of Base ('bye'): de users see the Base "
                                     + "text there; translate them"])
        #expect(f.first?.severity == .warning)
    }

    @Test func baseInfoPlistStringsBehindTheTranslationsIsNoted() {
        let build = InfoPlistStringsRule.app(tables: [
            ("Base.lproj/InfoPlist.strings", [("CFBundleDisplayName", "Example")]),
            ("fr.lproj/InfoPlist.strings", [("CFBundleDisplayName", "Exemple"), ("NSCameraUsageDescription", "Scanner")]),
            ("de.lproj/InfoPlist.strings", [("CFBundleDisplayName", "Beispiel"), ("NSCameraUsageDescription", "Scannen")]),
        ])
        let f = Self.run(.infoPlistStrings, build)
        #expect(f.count == 1)
        #expect(f.first?.severity == .info, "development-language users see Info.plist's own text")
        #expect(f.first?.message.hasPrefix("Base.lproj/InfoPlist.strings does not localize 1 Info.plist key(s) other "
                                           + "languages localize ('NSCameraUsageDescription')") == true)
        #expect(f.first?.paths == [BundlePath("Example.app/Base.lproj/InfoPlist.strings")])
    }

    @Test func referenceIsChosenOnceForRulesAndHistory() {
        #expect(LanguageCode.reference(among: ["Base"], configured: nil, developmentRegion: "en") == "Base")
        #expect(LanguageCode.reference(among: ["Base", "de", "fr"], configured: nil, developmentRegion: "en") == "Base")
        #expect(LanguageCode.reference(among: ["Base", "English", "de"], configured: nil, developmentRegion: "en") == "English")
        #expect(LanguageCode.reference(among: ["de", "en"], configured: nil, developmentRegion: "de_DE") == "de")
        #expect(LanguageCode.reference(among: ["de", "en"], configured: "en", developmentRegion: "de") == "en")
        #expect(LanguageCode.reference(among: ["fr", "de"], configured: nil, developmentRegion: "it") == "de")
        #expect(LanguageCode.reference(among: [String](), configured: nil, developmentRegion: "en") == nil)
    }

    // MARK: Regional variants

    @Test func regionalVariantsFallBackToTheirLanguage() {
        let build = InfoPlistStringsRule.app(tables: [
            ("en.lproj/InfoPlist.strings", [("CFBundleDisplayName", "Example"), ("NSCameraUsageDescription", "Scan")]),
            ("en.lproj/Localizable.strings", [("color", "Color"), ("hello", "Hello")]),
            ("en.lproj/Help.strings", [("help", "Help")]),
            ("en-GB.lproj/Localizable.strings", [("color", "Colour")]),
            ("en-GB.lproj/InfoPlist.strings", [("CFBundleDisplayName", "Example")]),
            ("fr.lproj/InfoPlist.strings", [("CFBundleDisplayName", "Exemple"), ("NSCameraUsageDescription", "Scanner")]),
            ("fr.lproj/Localizable.strings", [("color", "Couleur"), ("hello", "Bonjour")]),
            ("fr.lproj/Help.strings", [("help", "Aide")]),
            ("fr-CA.lproj/Localizable.strings", [("hello", "Allô")]),
        ])
        for rule in [RuleID.stringKeysDiffer, .missingLocalizedFile, .infoPlistStrings] {
            #expect(Self.run(rule, build).isEmpty, "\(rule.rawValue): \(Self.run(rule, build).map(\.message))")
        }
        // A variant of the development region Base.lproj serves falls back too.
        let base = L10nExamples.app(tables: [("Base.lproj/Localizable.strings", [("color", "Color"), ("hello", "Hello")]),
                                             ("en-GB.lproj/Localizable.strings", [("color", "Colour")])])
        #expect(Self.run(.stringKeysDiffer, base).isEmpty)
    }

    @Test func scriptsAndLoneRegionsStandAlone() {
        #expect(LanguageCode.regionalParent(of: "en-GB", among: ["en", "en-GB"]) == "en")
        #expect(LanguageCode.regionalParent(of: "es_419", among: ["es", "es_419"]) == "es")
        #expect(LanguageCode.regionalParent(of: "zh-Hant-TW", among: ["zh-Hant", "zh-Hant-TW"]) == "zh-Hant")
        #expect(LanguageCode.regionalParent(of: "zh-Hant", among: ["zh", "zh-Hant"]) == nil, "a script is no region")
        #expect(LanguageCode.regionalParent(of: "pt-BR", among: ["pt-BR", "pt-PT"]) == nil)
        let lone = L10nExamples.app(tables: [("en.lproj/L.strings", [("a", "A"), ("b", "B")]),
                                             ("pt-BR.lproj/L.strings", [("a", "A pt")])])
        #expect(Self.warnings(Self.run(.stringKeysDiffer, lone)).count == 1, "pt-BR without pt is a language of its own")
    }

    // MARK: What harms no user

    @Test func keysTheReferenceLacksAreInfoAtMost() {
        let build = L10nExamples.app(tables: [("en.lproj/L.strings", [("a", "A")]),
                                              ("de.lproj/L.strings", [("a", "A de"), ("old", "Alt")])])
        let f = Self.run(.stringKeysDiffer, build, configuration: .init(severities: [.stringKeysDiffer: .error]))
        #expect(f.map(\.severity) == [.info])
        #expect(f.first?.message.hasPrefix("de.lproj/L.strings has 1 key(s) en does not ('old'): stale") == true)
        let off = Self.run(.stringKeysDiffer, build, configuration: .init(disabled: [.stringKeysDiffer]))
        #expect(off.isEmpty)
    }

    @Test func gapsInTablesOfBaseInterfaceFilesAreInfo() {
        let build = L10nExamples.app(files: ["Base.lproj/Main.storyboardc/Info.plist"], tables: [
            ("en.lproj/Main.strings", [("179.title", "DO NOT LOCALIZE"), ("abc-12-xyz.title", "Check")]),
            ("fr.lproj/Main.strings", [("abc-12-xyz.title", "Vérifier")]),
            ("en.lproj/Localizable.strings", [("a", "A"), ("b", "B")]),
            ("fr.lproj/Localizable.strings", [("a", "A fr")]),
        ])
        let f = Self.run(.stringKeysDiffer, build)
        #expect(f.count == 2)
        #expect(Self.warnings(f).map(\.message) == ["fr.lproj/Localizable.strings lacks 1 key(s) of en ('b'): fr users "
                                                    + "see the en text there; translate them"])
        #expect(f.contains { $0.severity == .info && $0.message.hasPrefix("fr.lproj/Main.strings lacks 1 key(s) of en ('179.title')") })
    }

    @Test func filesTheReferenceDoesNotShipAreInfo() {
        let build = L10nExamples.app(files: [
            "Base.lproj/Authentication.storyboardc/Info.plist", "fr.lproj/Authentication.strings",
            "de.lproj/Authentication.strings", "fr.lproj/Legacy.strings", "de.lproj/Legacy.strings", "ja.lproj/Other.txt",
            "en.lproj/Other.txt", "fr.lproj/Other.txt", "de.lproj/Other.txt",
        ])
        let f = Self.run(.missingLocalizedFile, build)
        let warnings = Self.warnings(f).map(\.message)
        #expect(warnings == ["Authentication.strings is in 2 language folder(s) but missing from ja.lproj in the bundle: "
                             + "those users get another language's copy; add it"], "en relies on the Base storyboard")
        #expect(f.filter { $0.severity == .info }.map(\.fingerprint)
            == ["l10n.missing-file|com.example.app|Legacy.strings@en,ja"])
    }

    @Test func baseGoneWhileTheDevelopmentLanguageStaysIsNoDrop() {
        let old = L10nExamples.app(files: ["Base.lproj/Main.nib", "en.lproj/A.strings", "fr.lproj/A.strings"])
        let new = L10nExamples.app(files: ["en.lproj/A.strings", "fr.lproj/A.strings"])
        #expect(Self.run(.languageDropped, old: old, new).isEmpty)
        let servedEnglish = L10nExamples.app(files: ["Base.lproj/Main.nib", "fr.lproj/A.strings"])
        let f = Self.run(.languageDropped, old: servedEnglish, L10nExamples.app(files: ["fr.lproj/A.strings"]))
        #expect(f.map(\.severity) == [.warning])
        #expect(f.first?.message.hasPrefix("Base.lproj is gone and the bundle has no en.lproj") == true)
    }

    @Test func renamesUnlistedFoldersAndLoneLegacyNamesAreInfo() {
        let renamed = Self.run(.languageDropped, old: L10nExamples.app(files: ["en.lproj/A.strings", "pt_BR.lproj/A.strings"]),
                               L10nExamples.app(files: ["en.lproj/A.strings", "pt-BR.lproj/A.strings"]))
        #expect(renamed.map(\.severity) == [.info])
        let unlisted = Self.run(.declaredLanguages, L10nExamples.app(files: ["en.lproj/A.strings", "it.lproj/A.strings"],
                                                                    info: [("CFBundleLocalizations", .strings(["en"]))]))
        #expect(unlisted.map(\.severity) == [.info])
        #expect(unlisted.first?.message.contains("the system still uses the folder") == true)
        let legacy = Self.run(.legacyFolderName, L10nExamples.app(files: ["English.lproj/A.strings", "Japanese.lproj/A.strings",
                                                                          "ja.lproj/B.strings"]))
        #expect(legacy.map(\.severity).sorted() == [.info, .warning], "Japanese beside ja is two folders for one language")
    }
}

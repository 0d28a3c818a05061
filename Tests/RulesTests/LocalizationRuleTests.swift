import BundleModel
import Comparison
import PropertyLists
import Testing
@testable import Rules

@Suite struct LocalizationRuleTests {
    static func plural(_ one: String?, _ other: String?, extra: [(String, String)] = []) -> PlistValue {
        var spec: [(String, PlistValue)] = [("NSStringFormatSpecTypeKey", .string("NSStringPluralRuleType")),
                                            ("NSStringFormatValueTypeKey", .string("d"))]
        if let one { spec.append(("one", .string(one))) }
        if let other { spec.append(("other", .string(other))) }
        spec += extra.map { ($0.0, PlistValue.string($0.1)) }
        let entry = PlistDictionary([("NSStringLocalizedFormatKey", PlistValue.string("%#@n@")),
                                     ("n", .dictionary(PlistDictionary(spec)))])
        return .dictionary(PlistDictionary([("files", PlistValue.dictionary(entry))]))
    }

    @Test func parityCountsBaseAsASourceNotALanguage() {
        let ok = L10nExamples.app(files: ["Base.lproj/Main.storyboardc/Info.plist", "Base.lproj/Main.storyboardc/x.nib",
                                          "en.lproj/Main.strings", "de.lproj/Main.strings"])
        #expect(findings(of: .missingLocalizedFile, RuleExample("", old: nil, new: ok)).isEmpty)
        let missing = L10nExamples.app(files: ["Base.lproj/Main.storyboardc/Info.plist", "en.lproj/Main.strings",
                                               "de.lproj/Main.strings", "en.lproj/Help.html"])
        let f = findings(of: .missingLocalizedFile, RuleExample("", old: nil, new: missing))
        #expect(f.map(\.paths) == [[BundlePath("Example.app/de.lproj/Help.html")]])
    }

    @Test func stringsdictPluralVariantsAreKeys() {
        let build = L10nExamples.app()
            .plist("Example.app/en.lproj/Localizable.stringsdict", Self.plural("%d file", "%d files"), format: .xml)
            .plist("Example.app/ru.lproj/Localizable.stringsdict",
                   Self.plural("%d файл", "%d файла", extra: [("few", "%d файла"), ("many", "%d файлов")]), format: .xml)
            .plist("Example.app/fr.lproj/Localizable.stringsdict", Self.plural("%d fichier", nil), format: .xml)
        let f = findings(of: .stringKeysDiffer, RuleExample("", old: nil, new: build))
        #expect(f.count == 1)
        #expect(f.first?.message.contains("fr.lproj/Localizable.stringsdict lacks 1 key(s) of en ('files/n/other')") == true)
    }

    @Test("format specifiers", arguments: [
        ("%@ items", "%d éléments", RuleID.formatSpecifierMismatch, "argument type differs: 1 is object in the reference, int here"),
        ("%@ and %@", "%@ et", .formatArgumentMissing, "does not show argument(s) 2 of the reference"),
        ("%1$@ and %3$@", "%1$@ et %2$@", .formatSpecifierMismatch, "reads argument(s) 2 that the reference does not pass"),
        ("Quit %1$@ and relaunch", "Quittez %1$@ et relancez %1$@", nil, nil),
        ("%1$@ and %2$@", "%@ et %@", nil, nil),
        ("%d of %ld", "%d de %ld", nil, nil),
        ("%1$@ has %2$ld", "%2$ldつ %1$@", nil, nil),
    ] as [(String, String, RuleID?, String?)])
    func formatSpecifiers(_ en: String, _ fr: String, _ rule: RuleID?, _ why: String?) {
        let example = RuleExample("", old: nil, new: L10nExamples.app(tables: [
            ("en.lproj/Localizable.strings", [("k", en)]), ("fr.lproj/Localizable.strings", [("k", fr)]),
        ]))
        let f = findings(of: .formatSpecifierMismatch, example) + findings(of: .formatArgumentMissing, example)
        if let why {
            #expect(f.first?.ruleID == rule)
            #expect(f.first?.message.contains(why) == true, "\(f.map(\.message))")
        } else {
            #expect(f.isEmpty, "\(f.map(\.message))")
        }
    }

    @Test func findingsAreMarkedNewOrAlreadyThere() {
        let old = L10nExamples.app(tables: [("en.lproj/L.strings", [("a", "A"), ("b", "B")]),
                                            ("fr.lproj/L.strings", [("a", "A fr")])])
        let new = L10nExamples.app(tables: [("en.lproj/L.strings", [("a", "A"), ("b", "B")]),
                                            ("fr.lproj/L.strings", [("a", "A fr")]),
                                            ("de.lproj/L.strings", [("b", "B de")])])
        let f = findings(of: .stringKeysDiffer, RuleExample("", old: old, new: new))
        #expect(f.count == 2)
        #expect(f.first { $0.paths.first?.description.contains("fr.lproj") == true }?.isNew == false)
        #expect(f.first { $0.paths.first?.description.contains("de.lproj") == true }?.isNew == true)
        #expect(findings(of: .stringKeysDiffer, RuleExample("", old: nil, new: new)).allSatisfy { $0.isNew == nil })
    }

    /// The loader reads the old English names ICU's alias map knows, in any letter case
    /// (`french.lproj` is French, `Norwegian.lproj` Bokmål), and no other (`Hungarian.lproj`).
    @Test func legacyAndInvalidNamesSayTheCode() {
        let build = L10nExamples.app(files: ["English.lproj/A.strings", "jp.lproj/A.strings", "french.lproj/A.strings",
                                             "Norwegian.lproj/A.strings", "Hungarian.lproj/A.strings"])
        let legacy = findings(of: .legacyFolderName, RuleExample("", old: nil, new: build))
        #expect(legacy.map(\.message).sorted() == ["English.lproj uses the legacy name 'English': rename it en.lproj",
                                                    "Norwegian.lproj uses the legacy name 'Norwegian': rename it nb.lproj",
                                                    "french.lproj uses the legacy name 'french': rename it fr.lproj"])
        let invalid = findings(of: .invalidFolderName, RuleExample("", old: nil, new: build)).map(\.message)
        #expect(invalid.count == 2)
        #expect(invalid.contains { $0.hasPrefix("jp.lproj: 'jp' is a country code") && $0.contains("use 'ja'") })
        #expect(invalid.contains { $0.hasPrefix("Hungarian.lproj:") && $0.contains("use 'hu'") })
    }

    /// A folder the system never selects is said once (`l10n.invalid-folder-name`), not
    /// compared key by key: its users never see it, whatever it lacks.
    @Test func aFolderNeverSelectedIsNotComparedKeyByKey() {
        let build = L10nExamples.app(tables: [("en.lproj/L.strings", [("a", "A"), ("b", "B")]),
                                              ("Hungarian.lproj/L.strings", [("a", "A hu")]),
                                              ("fr.lproj/L.strings", [("a", "A fr")])])
        let keys = findings(of: .stringKeysDiffer, RuleExample("", old: nil, new: build))
        #expect(keys.map { $0.paths.first?.description ?? "" } == ["Example.app/fr.lproj/L.strings"], "\(keys)")
        #expect(findings(of: .invalidFolderName, RuleExample("", old: nil, new: build)).count == 1)
    }

    /// A rich text package (`Help.rtfd/`) is loaded whole from the language's folder: an
    /// attachment one language's copy lacks falls back to nothing, and a package a language
    /// lacks is one missing file, not one per attachment.
    @Test func aRichTextPackageIsOneFile() {
        let build = L10nExamples.app(files: ["en.lproj/Help.rtfd/TXT.rtf", "en.lproj/Help.rtfd/shot.png",
                                             "fr.lproj/Help.rtfd/TXT.rtf", "en.lproj/Guide.rtfd/TXT.rtf",
                                             "en.lproj/Guide.rtfd/a.png", "de.lproj/Help.rtfd/TXT.rtf"])
        let missing = findings(of: .missingLocalizedFile, RuleExample("", old: nil, new: build))
        #expect(missing.count == 1, "\(missing.map(\.message))")
        #expect(missing.first?.message.contains("Guide.rtfd") == true, "\(missing.map(\.message))")
        #expect(missing.first?.message.contains("a.png") == false, "\(missing.map(\.message))")
    }

    /// An InfoPlist.strings only the development language ships: a warning when it
    /// localizes a usage description (the permission prompt), a note when it holds names
    /// and notices the Info.plist shows anyway.
    @Test func anInfoPlistStringsOfNoticesIsANote() {
        func severity(_ pairs: [(String, String)]) -> [Severity] {
            findings(of: .missingLocalizedFile, RuleExample("", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/InfoPlist.strings", pairs), ("en.lproj/L.strings", [("a", "A")]), ("fr.lproj/L.strings", [("a", "B")]),
            ]))).map(\.severity)
        }
        #expect(severity([("CFBundleName", "Example"), ("NSHumanReadableCopyright", "© Example")]) == [.info])
        #expect(severity([("NSCameraUsageDescription", "Scan codes")]) == [.warning])
    }

    /// A folder dropped while another region of its language stays (`en` beside `en_GB`,
    /// or `en_GB` beside `en`): its users get that language still, another region's text.
    @Test func aDroppedRegionOfAKeptLanguageIsANote() {
        func severities(_ old: [String], _ new: [String]) -> [Severity] {
            findings(of: .languageDropped, RuleExample("", old: L10nExamples.app(files: old.map { $0 + ".lproj/A.pak" }),
                                                       new: L10nExamples.app(files: new.map { $0 + ".lproj/A.pak" })))
                .map(\.severity)
        }
        #expect(severities(["en", "en_GB", "de"], ["en_GB", "de"]) == [.info])
        #expect(severities(["en", "en_GB", "de"], ["en", "de"]) == [.info])
        #expect(severities(["en", "en_GB", "de"], ["en", "en_GB"]) == [.warning])
    }

    @Test func realLanguageCodesThatLookLikeCountriesAreValid() {
        for code in ["si", "se", "br", "ee", "tw", "kr"] { #expect(LanguageCode.problem(with: code) == nil, "\(code)") }
        for code in ["jp", "cn", "dk", "cz", "gr", "ua"] { #expect(LanguageCode.problem(with: code) != nil, "\(code)") }
    }

    @Test func declaredLanguages() {
        let build = L10nExamples.app(files: ["en.lproj/A.strings", "pt_BR.lproj/A.strings", "it.lproj/A.strings"],
                                     info: [("CFBundleLocalizations", .strings(["en", "pt-BR", "de"]))])
        let f = findings(of: .declaredLanguages, RuleExample("", old: nil, new: build)).map(\.fingerprint).sorted()
        #expect(f == ["l10n.declared-languages|com.example.app|declared-without-folder|de",
                      "l10n.declared-languages|com.example.app|folder-not-declared|it"])
        let regional = L10nExamples.app(files: ["en.lproj/A.strings"], info: [("CFBundleDevelopmentRegion", .string("en_US"))])
        #expect(findings(of: .declaredLanguages, RuleExample("", old: nil, new: regional)).isEmpty)
    }

    @Test func infoPlistStringsNamesTheMissingKeysAndVersionOverrides() {
        let build = InfoPlistStringsRule.app(tables: [
            ("de.lproj/InfoPlist.strings", [("CFBundleDisplayName", "Beispiel"), ("CFBundleVersion", "2")]),
        ])
        let f = findings(of: .infoPlistStrings, RuleExample("", old: nil, new: build)).map(\.message)
        #expect(f.count == 2)
        #expect(f.contains { $0.contains("does not localize 1 Info.plist key(s) the bundle uses ('NSCameraUsageDescription')") })
        #expect(f.contains { $0.contains("overrides CFBundleVersion") })
        let development = InfoPlistStringsRule.app(tables: [("en.lproj/InfoPlist.strings", [("CFBundleDisplayName", "Example")])])
        #expect(findings(of: .infoPlistStrings, RuleExample("", old: nil, new: development)).isEmpty,
                "the development language shows Info.plist's own text")
    }

    @Test func droppedAndRenamedLanguages() {
        let old = L10nExamples.app(files: ["en.lproj/A.strings", "de.lproj/A.strings", "pt_BR.lproj/A.strings",
                                           "English.lproj/B.strings"])
        let new = L10nExamples.app(files: ["en.lproj/A.strings", "pt-BR.lproj/A.strings", "en.lproj/B.strings"])
        let f = findings(of: .languageDropped, RuleExample("", old: old, new: new))
        #expect(f.map(\.fingerprint).sorted() == ["l10n.language-dropped|com.example.app|dropped|de",
                                                  "l10n.language-dropped|com.example.app|renamed|pt_BR|pt-BR"])
        #expect(f.first { $0.fingerprint.hasSuffix("dropped|de") }?.paths == [BundlePath("Example.app/de.lproj")])
    }
}

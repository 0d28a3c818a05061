import BundleModel
import PropertyLists
import Testing
@testable import Rules

/// The format-specifier rules on the cases real apps ship (docs/format-specifiers.md).
@Suite struct FormatSpecifierTests {
    /// Findings of both format rules for one key in en and one other language.
    static func formatFindings(_ en: String, _ other: String, language: String = "fr") -> [Finding] {
        let example = RuleExample("", old: nil, new: L10nExamples.app(tables: [
            ("en.lproj/Localizable.strings", [("k", en)]), ("\(language).lproj/Localizable.strings", [("k", other)]),
        ]))
        return findings(of: .formatSpecifierMismatch, example) + findings(of: .formatArgumentMissing, example)
    }

    /// A percent sign in prose is no conversion: the key is not compared at all.
    @Test(arguments: [
        ("not 100% guaranteed", "pas garanti à 100 %"),
        ("not 100% guaranteed", "pas garanti à 100\u{A0}%"),
        ("not 100% guaranteed", "%100 garanti değil"),
        ("0%, 25%, 50%, 75% and 100%", "0 %, 25 %, 50 %, 75 % und 100 %"),
        ("0%, 25%, 50%, 75% and 100%", "%0, %25, %50, %75 ve %100"),
        ("Use 100% as a base", "Utiliser 100 % en base"),
        ("Brightness 50% exceeded", "Luminosité 50 % dépassée"),
        ("%0 cores", "%0 Kerne"),
        ("%0 of %1", "%0 sur %1"),
    ])
    func proseIsNotFormatted(en: String, translation: String) {
        let f = Self.formatFindings(en, translation)
        #expect(f.isEmpty, "\(f.map(\.message))")
    }

    /// Real defects are still errors: a retyped, added or spaced-away argument.
    @Test(arguments: [
        ("%d items", "%@ éléments", "argument type differs: 1 is int in the reference, object here"),
        ("%1$@ of %2$ld", "%1$@ sur %2$@", "argument type differs: 2 is int in the reference, object here"),
        ("%lu games", "%s jeux", "argument type differs: 1 is int in the reference, cstring here"),
        ("%@ is 100%% sure", "%@ est sûr à 100 % garanti", "reads argument(s) 2 that the reference does not pass"),
        ("Zoom (%d%%)", "Zoom (%d %s)", "reads argument(s) 2 that the reference does not pass"),
        ("%d of %d", "%d de %d %d", "reads argument(s) 3 that the reference does not pass"),
    ])
    func mismatchesAreErrors(en: String, translation: String, why: String) {
        let f = Self.formatFindings(en, translation)
        #expect(f.map(\.ruleID) == [.formatSpecifierMismatch], "\(f.map(\.message))")
        #expect(f.first?.message.contains(why) == true, "\(f.map(\.message))")
        #expect(f.first?.severity == .error)
    }

    /// An argument or app placeholder left out only goes unseen: a warning.
    @Test(arguments: [
        ("%1$@ sent %2$ld files", "%2$ld fichiers envoyés", "does not show argument(s) 1 of the reference"),
        ("Open %@", "Ouvrir", "does not show argument(s) 1 of the reference"),
        ("%0 of %1", "0% de %1", "lacks the placeholder(s) %0 of the reference"),
        ("%0 cores", "0% Kerne", "lacks the placeholder(s) %0 of the reference"),
    ])
    func droppedArgumentsAreWarnings(en: String, translation: String, why: String) {
        let f = Self.formatFindings(en, translation)
        #expect(f.map(\.ruleID) == [.formatArgumentMissing], "\(f.map(\.message))")
        #expect(f.first?.message.contains(why) == true, "\(f.map(\.message))")
        #expect(f.first?.severity == .warning)
    }

    /// What Foundation prints the same is no finding: `% @` reads the object `%@` reads,
    /// `%1$@ %2$@` and `%@ %@` read the same arguments, `%%` spacing is free.
    @Test(arguments: [
        ("Open %@", "% @ openen"),
        ("%d items", "% d Elemente"),
        ("%1$@ and %2$@", "%@ und %@"),
        ("%1$@%%", "%1$@ %%"),
        ("Zoom (%d%%)", "Zoom (%d %%)"),
        ("%ld of %lu", "%ld von %lu"),
        ("%1$ld items", "%1$ld Elemente"),
        ("%.2f MB", "%.2f Mo"),
    ])
    func sameArgumentsAreFine(en: String, translation: String) {
        let f = Self.formatFindings(en, translation)
        #expect(f.isEmpty, "\(f.map(\.message))")
    }

    @Test func grammar() {
        #expect(FormatSpecifiers("not 100% guaranteed").isFormatted == false)
        #expect(FormatSpecifiers("not 100% guaranteed").arguments(includeSpaced: true) == [1: "float"])
        #expect(FormatSpecifiers("%0 cores").arguments(includeSpaced: true) == [1: "char"])
        #expect(FormatSpecifiers("%0 of %1").placeholderSeries == [0, 1])
        #expect(FormatSpecifiers("%0, %25, %50").placeholderSeries.isEmpty)
        #expect(FormatSpecifiers("%1$@%%").arguments(includeSpaced: false) == [1: "object"])
        #expect(FormatSpecifiers("%2$@ %@").arguments(includeSpaced: false) == [2: "object", 1: "object"])
        #expect(FormatSpecifiers("%1#@count@ in %#@b@").arguments(includeSpaced: false) == [1: "variable", 2: "variable"])
        #expect(FormatSpecifiers("%5$#@d5@ %8$3.2#@f8@").arguments(includeSpaced: false) == [5: "variable", 8: "variable"])
        #expect(FormatSpecifiers("%-5.2lf %*d %hhx %qd").arguments(includeSpaced: false)
            == [1: "float", 2: "int", 3: "int", 4: "int", 5: "int"])
        #expect(FormatSpecifiers("100%").isFormatted == false)
        #expect(FormatSpecifiers("100%%").isFormatted == true)
    }

    /// In a `.stringsdict`, a plural text may leave the number out, or show it where the
    /// reference's category does not ("one file" vs "%d fails": `one` covers 21 in Latvian);
    /// a retyped one is an error.
    @Test func pluralVariants() {
        let build = L10nExamples.app()
            .plist("Example.app/en.lproj/Localizable.stringsdict",
                   LocalizationRuleTests.plural("one file", "%d files"), format: .xml)
            .plist("Example.app/fr.lproj/Localizable.stringsdict",
                   LocalizationRuleTests.plural("un fichier", "%d fichiers"), format: .xml)
            .plist("Example.app/lv.lproj/Localizable.stringsdict",
                   LocalizationRuleTests.plural("%d fails", "%d faili"), format: .xml)
            .plist("Example.app/de.lproj/Localizable.stringsdict",
                   LocalizationRuleTests.plural("%@ Datei", "%d Dateien"), format: .xml)
        let example = RuleExample("", old: nil, new: build)
        #expect(findings(of: .formatArgumentMissing, example).isEmpty)
        let mismatch = findings(of: .formatSpecifierMismatch, example)
        #expect(mismatch.map { String($0.message.prefix(51)) } == ["de.lproj/Localizable.stringsdict key 'files/n/one':"])
    }

    /// A variable whose `NSStringFormatValueTypeKey` reads another type than the reference's
    /// (`@` for `d`) makes Foundation read the count as an object.
    @Test func pluralValueTypes() {
        func table(_ type: String) -> PlistValue {
            let spec = PlistDictionary([("NSStringFormatSpecTypeKey", PlistValue.string("NSStringPluralRuleType")),
                                        ("NSStringFormatValueTypeKey", .string(type)), ("other", .string("%\(type)"))])
            let entry = PlistDictionary([("NSStringLocalizedFormatKey", PlistValue.string("%#@n@")), ("n", .dictionary(spec))])
            return .dictionary(PlistDictionary([("files", PlistValue.dictionary(entry))]))
        }
        let build = L10nExamples.app()
            .plist("Example.app/en.lproj/Localizable.stringsdict", table("d"), format: .xml)
            .plist("Example.app/fr.lproj/Localizable.stringsdict", table("ld"), format: .xml)
            .plist("Example.app/de.lproj/Localizable.stringsdict", table("@"), format: .xml)
        let f = findings(of: .formatSpecifierMismatch, RuleExample("", old: nil, new: build))
        #expect(f.count == 2, "\(f.map(\.message))")
        #expect(f.first?.message.hasPrefix("de.lproj/Localizable.stringsdict key 'files/n NSStringFormatValueTypeKey': "
            + "argument type differs: 1 is int in the reference, object here") == true, "\(f.map(\.message))")
        #expect(f.last?.message.hasPrefix("de.lproj/Localizable.stringsdict key 'files/n/other': argument type differs") == true)
    }
}

import BundleModel
import PropertyLists
import Testing
@testable import Rules

/// Layouts of shipping third-party apps that once drew false warnings or errors (found by
/// building Sparkle, Electron-free macOS, Flutter and legacy-Chinese layouts the corpus
/// lacks): each is judged as Apple treats it.
@Suite struct ThirdPartyLayoutTests {
    /// The severities of `rule`'s findings on its triggering example whose name starts with
    /// `prefix` (none when no example is named so).
    func severities(_ rule: RuleID, _ prefix: String) -> [Severity] {
        rule.ruleType.description.triggeringExamples.first { $0.name.hasPrefix(prefix) }
            .map { findings(of: rule, $0).map(\.severity) } ?? []
    }

    /// `zh_CN.lproj` giving way to `zh-Hans.lproj` (and `zh_TW` to `zh-Hant`): CLDR and ICU
    /// read `zh_CN` as `zh-Hans-CN`, whose users fall back to `zh-Hans`. A rename, at info;
    /// a language that really went is still a warning.
    @Test func legacyChineseFoldersGivingWayToScriptFoldersAreRenames() {
        let old = L10nExamples.app(files: ["en.lproj/A.strings", "zh_CN.lproj/A.strings", "zh_TW.lproj/A.strings",
                                           "de.lproj/A.strings"])
        let new = L10nExamples.app(files: ["en.lproj/A.strings", "zh-Hans.lproj/A.strings", "zh-Hant.lproj/A.strings"])
        let f = findings(of: .languageDropped, RuleExample("", old: old, new: new))
        let id = "l10n.language-dropped|com.example.app|"
        #expect(f.filter { $0.severity > .info }.map(\.fingerprint) == [id + "dropped|de"])
        #expect(f.filter { $0.severity == .info }.map(\.fingerprint).sorted()
                == [id + "renamed|zh_CN|zh-Hans", id + "renamed|zh_TW|zh-Hant"])
    }

    /// `zh-HK.lproj` beside a complete `zh-Hant.lproj` only overrides it (`zh-HK` is
    /// `zh-Hant-HK`): it lacks nothing, as `en-GB` beside `en`.
    @Test func aHongKongFolderBesideTraditionalChineseIsARegionalVariant() {
        let build = L10nExamples.app(files: ["en.lproj/Help.html", "zh-Hant.lproj/Help.html"], tables: [
            ("en.lproj/Localizable.strings", [("greeting", "Hello"), ("cart", "Cart")]),
            ("zh-Hant.lproj/Localizable.strings", [("greeting", "你好"), ("cart", "購物車")]),
            ("zh-HK.lproj/Localizable.strings", [("cart", "購物籃")]),
        ])
        for rule in [RuleID.missingLocalizedFile, .stringKeysDiffer] {
            let loud = findings(of: rule, RuleExample("", old: nil, new: build)).filter { $0.severity > .info }
            #expect(loud.isEmpty, "\(rule): \(loud.map(\.message))")
        }
    }

    /// A `.stringsdict` entry with two plural variables: a plain `%d` in a variable's text
    /// reads that variable's argument (CoreFoundation formats it from the variable's slot),
    /// so a translation that reorders the variables (`%2$#@folders@の%1$#@files@`) and
    /// writes `%2$d` there reads what the reference's `%d` reads; one that writes `%1$d`
    /// in the `folders` text shows the file count: an error.
    @Test func aPluralTextReadsFromItsVariablesSlot() {
        func variable(_ texts: [(String, String)]) -> PlistValue {
            .dictionary(PlistDictionary([("NSStringFormatSpecTypeKey", .string("NSStringPluralRuleType")),
                                         ("NSStringFormatValueTypeKey", .string("d"))] + texts.map { ($0.0, PlistValue.string($0.1)) }))
        }
        func table(_ format: String, files: [(String, String)], folders: [(String, String)]) -> PlistValue {
            .dictionary(PlistDictionary([("files_in_folders", .dictionary(PlistDictionary([
                ("NSStringLocalizedFormatKey", .string(format)), ("files", variable(files)), ("folders", variable(folders)),
            ])))]))
        }
        let en = table("%#@files@ in %#@folders@", files: [("one", "%d file"), ("other", "%d files")],
                       folders: [("one", "%d folder"), ("other", "%d folders")])
        func build(ja folders: String) -> ExampleBuild {
            L10nExamples.app()
                .plist("Example.app/en.lproj/Localizable.stringsdict", en, format: .xml)
                .plist("Example.app/ja.lproj/Localizable.stringsdict",
                       table("%2$#@folders@の%1$#@files@", files: [("other", "%1$d 個のファイル")],
                             folders: [("other", folders)]), format: .xml)
        }
        #expect(findings(of: .formatSpecifierMismatch, RuleExample("", old: nil, new: build(ja: "%2$d 個のフォルダ"))).isEmpty)
        #expect(findings(of: .formatSpecifierMismatch, RuleExample("", old: nil, new: build(ja: "%d 個のフォルダ"))).isEmpty)
        let wrong = findings(of: .formatSpecifierMismatch, RuleExample("", old: nil, new: build(ja: "%1$d 個のフォルダ")))
        #expect(wrong.map(\.severity) == [.error])
        #expect(wrong.first?.message.contains("files_in_folders/folders/other") == true, "\(wrong.map(\.message))")
    }

    /// A renewed profile that allows more (current profiles list `com.apple.token` among
    /// the keychain groups) changes nothing the app reaches when its signed entitlements
    /// stay: information, not a warning. A signed change is still a warning.
    @Test func aProfileAllowlistChangeAloneIsInformation() {
        let signed: [(String, PlistValue)] = [("keychain-access-groups", .array([.string("T.*")]))]
        let renewed = EntitlementsChangedRule.signedApp(
            profile: [("keychain-access-groups", .array([.string("T.*"), .string("com.apple.token")]))], signed: signed)
        let before = EntitlementsChangedRule.signedApp(profile: [("keychain-access-groups", .array([.string("T.*")]))],
                                                       signed: signed)
        let f = findings(of: .entitlementsChanged, RuleExample("", old: before, new: renewed))
        #expect(f.map(\.severity) == [.info], "\(f.map(\.message))")
        let claimed = EntitlementsChangedRule.signedApp(
            profile: [("keychain-access-groups", .array([.string("T.*"), .string("com.apple.token")]))],
            signed: [("keychain-access-groups", .array([.string("T.*"), .string("com.apple.token")]))])
        let g = findings(of: .entitlementsChanged, RuleExample("", old: before, new: claimed))
        #expect(g.map(\.severity) == [.warning], "\(g.map(\.message))")
    }

    /// An app that localizes itself (Flutter, React Native) lists its languages in
    /// `CFBundleLocalizations` and ships no folders for them: noted at info, never a warning.
    @Test func selfLocalizedLanguagesAreNotedAtInfo() {
        let build = L10nExamples.app(files: ["Base.lproj/LaunchScreen.storyboardc/Info.plist"],
                                     info: [("CFBundleLocalizations", .strings(["en", "fr", "de"]))])
        let f = findings(of: .declaredLanguages, RuleExample("", old: nil, new: build))
        let id = "l10n.declared-languages|com.example.app|"
        #expect(f.map(\.fingerprint).sorted() == [id + "declared-without-folder|de", id + "declared-without-folder|fr"])
        #expect(f.allSatisfy { $0.severity == .info })
    }

    /// A move into or out of `Base.lproj` or the development region's folder changes no
    /// user's file: every language without a copy of its own falls back there (Base
    /// internationalization turned on, a credits file localized in the development
    /// language). Another language's folder, or a copy another language keeps, still warns.
    @Test func movesThroughTheFolderEveryLanguageFallsBackToAreInformation() {
        #expect(severities(.localizationMove, "shared → fr.lproj") == [.warning])
        #expect(severities(.localizationMove, "shared → en.lproj") == [.info])
        #expect(severities(.localizationMove, "Base.lproj → shared") == [.info])
        #expect(severities(.localizationMove, "en.lproj → shared while de.lproj") == [.warning])
    }

    /// Xcode's String Catalogs compile a key into `T.stringsdict` in the languages that vary
    /// it (plurals, devices) and into `T.strings` in the others; CFBundle reads both halves as
    /// table `T`. A key in the other half is there (no `l10n.string-keys`, no
    /// `l10n.missing-file` for a language that varies nothing), and it is compared as a whole
    /// text: a plain `%@` where the reference's plural reads an integer is an error.
    @Test func aStringCatalogsTwoHalvesAreOneTable() {
        func plural(_ format: String, _ texts: [(String, String)]) -> PlistValue {
            .dictionary(PlistDictionary([("NSStringLocalizedFormatKey", .string(format)),
                                         ("items", .dictionary(PlistDictionary([
                                             ("NSStringFormatSpecTypeKey", .string("NSStringPluralRuleType")),
                                             ("NSStringFormatValueTypeKey", .string("lld"))] + texts.map { ($0.0, PlistValue.string($0.1)) })))]))
        }
        func build(ja: String) -> ExampleBuild {
            L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("Synced %lld files", "Synced %lld files"), ("Done", "Done")]),
                ("ru.lproj/Localizable.strings", [("Done", "Готово")]),
                ("ja.lproj/Localizable.strings", [("Synced %lld files", "%lld 件を同期"), ("Done", "完了"), ("%lld items", ja)]),
                ("de.lproj/Localizable.strings", [("Synced %lld files", "%lld Dateien synchronisiert"), ("Done", "Fertig")]),
                ("de.lproj/Empty.strings", []), ("en.lproj/Empty.strings", []),
            ])
            .plist("Example.app/en.lproj/Localizable.stringsdict", .dictionary(PlistDictionary([
                ("%lld items", plural("%#@items@", [("one", "%lld item"), ("other", "%lld items")]))])), format: .xml)
            .plist("Example.app/ru.lproj/Localizable.stringsdict", .dictionary(PlistDictionary([
                ("%lld items", plural("%#@items@", [("one", "%lld элемент"), ("few", "%lld элемента"), ("other", "%lld элементов")])),
                ("Synced %lld files", plural("Синхронизировано %#@items@", [("one", "%lld файл"), ("other", "%lld файлов")])),
            ])), format: .xml)
            .plist("Example.app/de.lproj/Localizable.stringsdict", .dictionary(PlistDictionary([
                ("%lld items", plural("%#@items@", [("one", "%lld Element"), ("other", "%lld Elemente")]))])), format: .xml)
        }
        let good = RuleExample("", old: nil, new: build(ja: "%lld 個の項目"))
        for rule in [RuleID.stringKeysDiffer, .missingLocalizedFile, .formatSpecifierMismatch, .formatArgumentMissing] {
            let loud = findings(of: rule, good).filter { $0.severity > .info }
            #expect(loud.isEmpty, "\(rule): \(loud.map(\.message))")
        }
        let bad = findings(of: .formatSpecifierMismatch, RuleExample("", old: nil, new: build(ja: "%@ 個の項目")))
        #expect(bad.map(\.message) == ["ja.lproj/Localizable.strings key '%lld items': argument type differs: 1 is int in the "
            + "reference, object here (en: 1:int; ja: 1:object): match the reference's specifiers"])
    }

    /// A zip without Unix modes writes each link as a file holding its target: a sealed link
    /// found as such a file is noted (the copy lost its symlinks); any other file there is an
    /// error, as a seal broken after signing.
    @Test func aSealedLinkWrittenAsItsTargetIsANote() {
        #expect(severities(.sealSymlink, "a copy that lost its symlinks") == [.info])
        #expect(severities(.sealSymlink, "a sealed symlink that is now a file") == [.error])
    }

    /// Moving a database out of Documents is the usual fix (no user opens it): information;
    /// any other file moved out still leaves the user's view: a warning.
    @Test func aStoreMovedOutOfDocumentsIsInformation() {
        #expect(severities(.containerDocumentsMoved, "a SQLite store moved out of Documents") == [.info])
        #expect(severities(.containerDocumentsMoved, "Documents → Application Support") == [.warning])
    }

    /// A removed setting whose key names a secret (`authToken`) keeps its value out of the
    /// report: CI logs and pull requests show reports to many.
    @Test func aSecretSettingsValueIsNotRepeated() throws {
        let example = try #require(ContainerSettingRemovedRule.description.triggeringExamples.first { $0.name.hasPrefix("a removed token") })
        let messages = findings(of: .containerSettingRemoved, example).map(\.message)
        #expect(messages.count == 1 && !messages[0].contains("eyJhbGciOi") && messages[0].contains("not shown"), "\(messages)")
    }

    /// A key in both halves of the reference (genstrings' `"photos_count" = "photos_count";`
    /// beside a hand-made plural) is read from the `.stringsdict`, as CFBundle reads it: a
    /// translation's `%lld` is right, its `%@` (the count read as an object) is the error.
    @Test func theReferencesStringsdictWinsOverItsStrings() {
        let plural = PlistValue.dictionary(PlistDictionary([("photos_count", .dictionary(PlistDictionary([
            ("NSStringLocalizedFormatKey", .string("%#@n@")),
            ("n", .dictionary(PlistDictionary([("NSStringFormatSpecTypeKey", .string("NSStringPluralRuleType")),
                                               ("NSStringFormatValueTypeKey", .string("lld")),
                                               ("one", .string("%lld photo")), ("other", .string("%lld photos"))]))),
        ])))]))
        let build = L10nExamples.app(tables: [
            ("en.lproj/Localizable.strings", [("photos_count", "%@ photos")]),
            ("de.lproj/Localizable.strings", [("photos_count", "%lld Fotos")]),
            ("fr.lproj/Localizable.strings", [("photos_count", "%@ photos")]),
        ]).plist("Example.app/en.lproj/Localizable.stringsdict", plural, format: .xml)
        let errors = findings(of: .formatSpecifierMismatch, RuleExample("", old: nil, new: build))
        #expect(errors.map(\.fingerprint) == ["l10n.format-specifiers|com.example.app|fr.lproj/Localizable.strings|photos_count"],
                "\(errors.map(\.message))")
    }

    /// A plural entry's variables are named by its own format key: a translation that names
    /// them otherwise lacks none of them; one whose format names a variable it does not
    /// define still does.
    @Test func renamedPluralVariablesAreNoMissingKeys() {
        func entry(_ format: String, _ name: String) -> PlistValue {
            .dictionary(PlistDictionary([("n", .dictionary(PlistDictionary([
                ("NSStringLocalizedFormatKey", .string(format)),
                (name, .dictionary(PlistDictionary([("NSStringFormatSpecTypeKey", .string("NSStringPluralRuleType")),
                                                    ("NSStringFormatValueTypeKey", .string("lld")),
                                                    ("other", .string("%lld"))]))),
            ])))]))
        }
        func build(_ format: String, _ name: String) -> ExampleBuild {
            L10nExamples.app()
                .plist("Example.app/en.lproj/Localizable.stringsdict", entry("%#@files@", "files"), format: .xml)
                .plist("Example.app/it.lproj/Localizable.stringsdict", entry(format, name), format: .xml)
        }
        let renamed = findings(of: .stringKeysDiffer, RuleExample("", old: nil, new: build("%#@f@", "f")))
        #expect(renamed.isEmpty, "\(renamed.map(\.message))")
        let broken = findings(of: .stringKeysDiffer, RuleExample("", old: nil, new: build("%#@files@", "f")))
        #expect(broken.contains { $0.severity == .warning }, "\(broken.map(\.message))")
    }
}

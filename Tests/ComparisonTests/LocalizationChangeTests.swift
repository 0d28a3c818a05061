import BundleModel
import Testing
@testable import Comparison

@Suite struct LocalizationChangeTests {
    @Test func respellingIsARenameAndAMergeIsNotADrop() {
        let old = TestBuild().files(["A.app/en.lproj/A": "1", "A.app/English.lproj/B": "2", "A.app/pt_BR.lproj/A": "3",
                                     "A.app/de.lproj/A": "4"])
        let new = TestBuild().files(["A.app/en.lproj/A": "1", "A.app/en.lproj/B": "2", "A.app/pt-BR.lproj/A": "3"])
        let b = TestBuild.compare(old, new).mainBundle
        #expect(b?.localizationsRemoved == ["de"])
        #expect(b?.localizationsAdded == [])
        #expect(b?.localizationsRenamed == [LocalizationRename(from: "English", to: "en"),
                                            LocalizationRename(from: "pt_BR", to: "pt-BR")])
    }

    @Test func canonicalSpellings() {
        #expect(LanguageCode.canonical("pt_BR") == "pt-BR")
        #expect(LanguageCode.canonical("zh_hans") == "zh-Hans")
        #expect(LanguageCode.canonical("English") == "en")
        #expect(LanguageCode.canonical("Base") == "Base")
        #expect(LanguageCode.problem(with: "jp") == "'jp' is a country code, not a language code; use 'ja'")
        #expect(LanguageCode.problem(with: "japanese") == nil)  // the loader ignores case
        #expect(LanguageCode.canonical("Norwegian") == "nb")
        #expect(!LanguageCode.isLegacyName("\u{212A}orean"))  // a Kelvin sign, not a K
        #expect(LanguageCode.canonical("Chinese") == "zh-Hans")
        #expect(LanguageCode.problem(with: "Czech") == "'Czech' is no language code, nor a legacy name the system knows; use 'cs'")
        #expect(LanguageCode.problem(with: "zh-Hans-CN") == nil)
    }
}

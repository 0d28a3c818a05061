import BundleModel

/// Localization folder names: legacy spellings, canonical forms and plausibility.
public enum LanguageCode {
    /// Legacy English language names that Apple's loaders still accept, with their codes:
    /// CFBundle hands folder names to ICU's `ualoc_localizationsToUse`, whose alias map
    /// (`appleAliasMap`, looked up without regard to case) knows exactly these; any other
    /// English name (`Hungarian`, `Czech`, `Hebrew`, `Greek`) is never selected.
    public static let legacyNames: [String: String] = [
        "English": "en", "French": "fr", "German": "de", "Japanese": "ja", "Spanish": "es",
        "Italian": "it", "Dutch": "nl", "Swedish": "sv", "Danish": "da", "Norwegian": "nb",
        "Finnish": "fi", "Portuguese": "pt", "Korean": "ko", "Chinese": "zh-Hans", "Russian": "ru",
        "Polish": "pl", "Turkish": "tr", "Arabic": "ar", "Thai": "th",
    ]

    /// The legacy names by their lowercased spelling (the loader ignores case).
    private static let legacyByLowercase: [String: String] =
        Dictionary(uniqueKeysWithValues: legacyNames.map { ($0.key.lowercased(), $0.value) })

    /// Older English names the loader does not know, with the code to use instead.
    static let unselectedNames: [String: String] = [
        "hebrew": "he", "greek": "el", "czech": "cs", "hungarian": "hu", "icelandic": "is", "croatian": "hr",
        "romanian": "ro", "catalan": "ca", "ukrainian": "uk", "slovak": "sk", "slovenian": "sl", "bulgarian": "bg",
        "lithuanian": "lt", "latvian": "lv", "estonian": "et", "vietnamese": "vi", "indonesian": "id",
        "malay": "ms", "hindi": "hi", "welsh": "cy", "irish": "ga", "esperanto": "eo", "serbian": "sr",
    ]

    /// Whether a path component names a localization folder (`en.lproj`).
    public static func isLocalizationFolderName(_ component: [UInt8]) -> Bool {
        isLocalizationFolderName(component[...])
    }

    /// The same test of a component in place (a slice of a path's bytes).
    public static func isLocalizationFolderName(_ component: ArraySlice<UInt8>) -> Bool {
        component.count > lproj.count && ByteRun.equal(component.suffix(lproj.count), lproj[...])
    }

    private static let lproj = Array(".lproj".utf8)

    /// `en.lproj` → `en`.
    public static func folderLanguage(_ folderName: String) -> String {
        folderName.hasSuffix(".lproj") ? String(folderName.dropLast(6)) : folderName
    }

    /// The language a folder name means, in one comparable spelling: legacy names mapped,
    /// `_` read as `-`, language lowercased, region uppercased, script titlecased
    /// (`pt_BR` → `pt-BR`, `zh_hans` → `zh-Hans`, `English` → `en`), a replaced code read as its
    /// replacement (`iw` → `he`, `in_ID` → `id-ID`: `replacedCodes`), and a Chinese name
    /// with a region but no script given the script the region implies, as CLDR's legacy
    /// aliases and ICU (which CFBundle matches localizations with) read it: `zh_CN` →
    /// `zh-Hans-CN`, `zh-TW` → `zh-Hant-TW`, `zh-HK` → `zh-Hant-HK`. `Base` stays `Base`.
    public static func canonical(_ name: String) -> String {
        if name == "Base" { return name }
        if let code = legacyCode(name) { return code }
        let parts = name.split(omittingEmptySubsequences: false) { $0 == "_" || $0 == "-" }
        guard let first = parts.first else { return name }
        let language = first.lowercased()
        var out = [replacedCodes[language] ?? language]
        for part in parts.dropFirst() {
            if part.count == 4 { out.append(part.prefix(1).uppercased() + part.dropFirst().lowercased()) } else {
                out.append(part.uppercased())
            }
        }
        if out.count == 2, out[0] == "zh", let script = chineseScripts[out[1]] { out.insert(script, at: 1) }
        return out.joined(separator: "-")
    }

    /// Language codes ISO 639 withdrew, and the codes that replaced them (Hebrew, Indonesian,
    /// Yiddish): ICU's alias table, which CFBundle's matching (`ualoc_localizationsToUse`)
    /// normalizes folder names and preferences with, reads each as its replacement, so
    /// `iw.lproj` serves a Hebrew user and a folder renamed from one to the other serves the
    /// same users. (Java wrote these codes until Java 17, and tools built on it still do.)
    /// Norwegian `no` is not one of them: CLDR makes it the parent of both `nb` and `nn`, so
    /// `no.lproj` giving way to `nb.lproj` leaves Nynorsk users without their fallback.
    static let replacedCodes: [String: String] = ["iw": "he", "in": "id", "ji": "yi"]

    /// The script each region implies for Chinese (CLDR's legacy aliases `zh_CN`, `zh_SG`,
    /// `zh_TW`, `zh_HK`, `zh_MO`).
    private static let chineseScripts: [String: String] = [
        "CN": "Hans", "SG": "Hans", "TW": "Hant", "HK": "Hant", "MO": "Hant",
    ]

    /// Whether `name` is a legacy English name (`English`, `Japanese`, …).
    public static func isLegacyName(_ name: String) -> Bool { legacyCode(name) != nil }

    /// The code a legacy name stands for (`English`, `english` → `en`), nil for any other name.
    static func legacyCode(_ name: String) -> String? {
        // ICU compares the names ASCII letter by letter: `\u{212A}orean` (a Kelvin sign) is not Korean.
        guard name.utf8.count > 3, name.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        return legacyByLowercase[name.lowercased()]
    }

    /// Country codes that are no ISO 639 language code but are often used as if they were.
    /// Country codes that *are* also languages (`se` Northern Sami, `si` Sinhala, `br` Breton,
    /// `ee` Ewe, `tw` Twi, `kr` Kanuri) are valid folder names and are not listed.
    public static let knownMistakes: [String: String] = [
        "jp": "ja", "cn": "zh-Hans", "dk": "da", "gr": "el", "cz": "cs", "ua": "uk", "il": "he", "vn": "vi",
    ]

    /// Why `name` is not a usable language folder name, or nil when it is one.
    /// Accepted: `Base`, a legacy name, or `ll[l]` + optional `-Script` (4 letters) +
    /// optional `-RR` / `-999` region, `-` or `_` as separator.
    public static func problem(with name: String) -> String? {
        if name == "Base" || isLegacyName(name) { return nil }
        if let fix = knownMistakes[name.lowercased()] {
            return "'\(name)' is a country code, not a language code; use '\(fix)'"
        }
        let parts = name.split(omittingEmptySubsequences: false) { $0 == "_" || $0 == "-" }
        guard let language = parts.first, (2...3).contains(language.count),
              language.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            if let code = unselectedNames[name.lowercased()] {
                return "'\(name)' is no language code, nor a legacy name the system knows; use '\(code)'"
            }
            return "'\(name)' is not a language code (expected e.g. 'en', 'pt-BR', 'zh-Hans')"
        }
        for part in parts.dropFirst() {
            let letters = part.allSatisfy { $0.isASCII && $0.isLetter }
            let digits = part.allSatisfy { $0.isASCII && $0.isNumber }
            let ok = (letters && (part.count == 2 || part.count == 4)) || (digits && part.count == 3)
            if !ok { return "'\(name)' has an invalid subtag '\(part)'" }
        }
        return nil
    }
}

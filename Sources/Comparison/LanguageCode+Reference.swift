/// How the languages of one bundle relate to each other at run time: which folder is the
/// reference every other is compared with, and which folders only refine another one.
/// The localization rules and the history's `languages` query both ask here.
extension LanguageCode {
    /// The reference among `names` (`.lproj` folder names without the extension, `Base`
    /// included): the configured language if a folder has it; else the folder of the
    /// development region (`CFBundleDevelopmentRegion`, `en` when absent), by canonical
    /// code or by its language alone (`en_US` → `en.lproj`); else `Base.lproj`, which
    /// CFBundle uses as the development region's localization when that region has no
    /// folder of its own; else `en`; else the first other name. Nil when `names` is empty.
    public static func reference(among names: some Sequence<String>, configured: String?,
                                 developmentRegion: String?) -> String? {
        let sorted = Array(names).sorted()
        func folder(for want: String, languageOnly: Bool) -> String? {
            let code = canonical(want)
            if let hit = sorted.first(where: { canonical($0) == code }) { return hit }
            guard languageOnly, want != "Base" else { return nil }
            let bare = language(of: want)
            return sorted.first { $0 != "Base" && canonical($0) == bare }
        }
        if let configured, !configured.isEmpty, let hit = folder(for: configured, languageOnly: false) { return hit }
        let region = developmentRegion.flatMap { $0.isEmpty ? nil : $0 } ?? "en"
        if let hit = folder(for: region, languageOnly: true) { return hit }
        if sorted.contains("Base") { return "Base" }
        if let hit = folder(for: "en", languageOnly: false) { return hit }
        return sorted.first
    }

    /// The language subtag of a name, canonical (`en_US` → `en`, `zh-Hant-TW` → `zh`).
    public static func language(of name: String) -> String {
        String(canonical(name).split(separator: "-").first ?? "")
    }

    /// The folder among `names` that `name` falls back to at run time when it lacks a
    /// key or a file: the same code without its region (`en-GB` → `en`, `es-419` → `es`,
    /// `zh-Hant-TW` → `zh-Hant`), if the bundle has that folder. A script is not a region:
    /// `zh-Hant` never falls back to `zh`. Nil for a language that stands alone.
    public static func regionalParent(of name: String, among names: some Sequence<String>) -> String? {
        guard name != "Base" else { return nil }
        let parts = canonical(name).split(separator: "-")
        guard parts.count >= 2, let last = parts.last, isRegion(last) else { return nil }
        let parent = parts.dropLast().joined(separator: "-")
        return names.sorted().first { $0 != name && canonical($0) == parent }
    }

    /// The language and script of a name, without its region (`en_GB` → `en`, `zh_TW` →
    /// `zh-Hant`, `sr-Latn-RS` → `sr-Latn`): two folders that share it serve one another's
    /// users, another region's text in their own language and writing.
    public static func languageAndScript(of name: String) -> String {
        var parts = canonical(name).split(separator: "-")
        if parts.count >= 2, let last = parts.last, isRegion(last) { parts.removeLast() }
        return parts.joined(separator: "-")
    }

    /// A region subtag: two letters (`GB`) or three digits (`419`).
    static func isRegion(_ part: Substring) -> Bool {
        (part.count == 2 && part.allSatisfy { $0.isASCII && $0.isLetter })
            || (part.count == 3 && part.allSatisfy { $0.isASCII && $0.isNumber })
    }
}

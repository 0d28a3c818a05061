import BundleModel
import Comparison

/// Every language folder holds the files of the reference language (subfolders included).
/// `Base.lproj` is a source, not a language: the reference may rely on its copy, and a
/// Base storyboard stands for the reference's `<Name>.strings`. Regional variants fall
/// back to their language; files the reference lacks are noted at info at most.
public struct MissingLocalizedFileRule: LocalizationRule {
    public init() {}

    public func findings(in context: RuleContext) -> [Finding] { localizationFindings(in: context) }

    public static let description = RuleDescription(
        id: .missingLocalizedFile, name: "Localized file missing from some languages", defaultSeverity: .warning,
        rationale: "Each language-specific .lproj folder should contain the reference language's resource files, "
            + "subfolders included; a missing file falls back to Base.lproj or the development language at run "
            + "time, showing users the wrong text or image. A regional variant (en-GB beside en) falls back to its "
            + "language, so it lacks nothing. A file the reference language does not ship (in its folder or in "
            + "Base.lproj) may be stale: its absence elsewhere is noted at info at most. An InfoPlist.strings that "
            + "localizes no usage description (a name, a copyright notice: Xcode's old template) leaves the users of a "
            + "language without it the Info.plist's own text: noted at info at most.",
        triggeringExamples: [
            RuleExample("de lacks Localizable.strings", old: nil, new: L10nExamples.app(files: [
                "en.lproj/Localizable.strings", "fr.lproj/Localizable.strings", "de.lproj/Other.strings",
                "en.lproj/Other.strings", "fr.lproj/Other.strings",
            ]), expectedCount: 1),
            RuleExample("subfolder file", old: nil, new: L10nExamples.app(files: [
                "en.lproj/CitySounds/city1.aiff", "ja.lproj/Bye.txt", "en.lproj/Bye.txt",
            ]), expectedCount: 1),
            RuleExample("ja lacks the strings of a Base storyboard", old: nil, new: L10nExamples.app(files: [
                "Base.lproj/Main.storyboardc/Info.plist", "fr.lproj/Main.strings", "ja.lproj/Other.strings",
                "fr.lproj/Other.strings",
            ]), expectedCount: 1),
            RuleExample("an InfoPlist.strings of names and notices only (info)", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/InfoPlist.strings", [("CFBundleName", "Example"), ("NSHumanReadableCopyright", "© Example")]),
                ("en.lproj/Localizable.strings", [("a", "A")]), ("fr.lproj/Localizable.strings", [("a", "A fr")]),
            ]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("Base storyboard localized by .strings", old: nil, new: L10nExamples.app(files: [
                "Base.lproj/Main.storyboardc/Info.plist", "en.lproj/Main.strings", "fr.lproj/Main.strings",
            ])),
            RuleExample("reference language relies on Base", old: nil, new: L10nExamples.app(files: [
                "Base.lproj/Sparkle.strings", "fr.lproj/Sparkle.strings", "en.lproj/A.strings", "fr.lproj/A.strings",
            ])),
            RuleExample("regional variant with overrides only", old: nil, new: L10nExamples.app(files: [
                "en.lproj/Localizable.strings", "en.lproj/Help.html", "en-GB.lproj/Localizable.strings",
                "fr.lproj/Localizable.strings", "fr.lproj/Help.html", "fr-CA.lproj/Help.html",
            ])),
        ])

    /// Whether `language` holds every entry of the reference's table `rel` in the table's
    /// other half (a String Catalog compiles a language's keys into `T.strings` alone when
    /// it varies none of them, and CFBundle reads `T.strings` and `T.stringsdict` as one).
    static func heldInOtherHalf(_ reference: StringTable?, _ bundle: LocalizedBundle, _ group: LocalizationGroup,
                                _ language: String, _ rel: BundlePath) -> Bool {
        guard let reference, let sibling = bundle.siblingTable(group, language, rel) else { return false }
        return LocalizedBundle.covered(reference.entries, of: reference, by: sibling).count == reference.entries.count
    }

    static let infoPlistStrings = BundlePath("InfoPlist.strings")

    func check(_ bundle: LocalizedBundle, context: RuleContext) -> [Finding] {
        var out: [Finding] = []
        for group in bundle.groups {
            let languages = group.spokenLanguages
            guard !languages.isEmpty else { continue }
            var all = Set<BundlePath>()
            for l in languages { all.formUnion(group.files[l]?.keys ?? [:].keys) }
            for rel in all.sorted() {
                let shipped = group.referenceHas(rel)
                let referenceTable = StringKeysRule.isTable(rel)
                    ? group.reference.flatMap { bundle.table(group, $0, rel) } ?? bundle.table(group, "Base", rel) : nil
                // An empty table gives no language anything: none lacks it.
                if let referenceTable, referenceTable.entries.isEmpty { continue }
                let missing = languages.filter { l in
                    group.files[l]?[rel] == nil && !group.isRegionalVariant(l) && !(shipped && l == group.reference)
                        && !Self.heldInOtherHalf(referenceTable, bundle, group, l, rel)
                }
                guard !missing.isEmpty else { continue }
                let present = languages.filter { group.files[$0]?[rel] != nil }
                let place = group.relativeFolder.isRoot ? "the bundle" : group.relativeFolder.description
                let reference = group.reference ?? "Base"
                let others = missing.filter { $0 != group.reference }.map { $0 + ".lproj" }.joined(separator: ", ")
                // An InfoPlist.strings localizing no usage description (a name, a copyright
                // notice, Xcode's old template) leaves those users the Info.plist's own text.
                let notices = rel == Self.infoPlistStrings && group.folder == bundle.bundle.resourcesPath
                    && !(referenceTable?.sortedKeys.contains { $0.hasPrefix("NS") && $0.hasSuffix("UsageDescription") } ?? true)
                let message = shipped
                    ? "\(rel) is in \(present.count) language folder(s) but missing from \(others) in \(place): "
                        + (notices ? "those users see the Info.plist's own text for its keys (\(StringKeysRule.list(referenceTable?.sortedKeys ?? []))), "
                            + "no usage description; add it if that text should be translated"
                            : "those users get another language's copy; add it")
                    : "\(rel) is in \(present.count) language folder(s) of \(place) but the reference \(reference) does "
                        + "not ship it" + (others.isEmpty ? "" : ", nor do \(others)")
                        + ": stale, or a gap for those languages if the code still uses it"
                out.append(Finding(
                    ruleID: .missingLocalizedFile,
                    severity: shipped && !notices ? context.severity(of: .missingLocalizedFile)
                        : context.severity(of: .missingLocalizedFile, atMost: .info),
                    bundle: bundle.name, message: message,
                    paths: missing.compactMap { group.languages[$0]?.appending(rel.bytes) },
                    subject: group.relativeFolder.appending(rel.bytes).description + "@" + missing.joined(separator: ",")))
            }
        }
        return out
    }
}

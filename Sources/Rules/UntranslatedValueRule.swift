import BundleModel
import Comparison

/// A translation whose text equals the reference language's text (an untranslated copy).
public struct UntranslatedValueRule: LocalizationRule {
    public init() {}

    public func findings(in context: RuleContext) -> [Finding] { localizationFindings(in: context) }

    public static let description = RuleDescription(
        id: .untranslatedValue, name: "Value identical to the reference language", defaultSeverity: .info,
        rationale: "A value copied from the reference language is usually an untranslated string. Names, brands "
            + "and units legitimately repeat, hence info level by default.",
        triggeringExamples: [
            RuleExample("copied English", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("save", "Save changes"), ("ok", "OK")]),
                ("de.lproj/Localizable.strings", [("save", "Save changes"), ("ok", "OK")]),
            ]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("translated", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("save", "Save changes")]),
                ("de.lproj/Localizable.strings", [("save", "Änderungen sichern")]),
            ])),
            RuleExample("regional variant of the reference", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("save", "Save changes")]),
                ("en-GB.lproj/Localizable.strings", [("save", "Save changes")]),
            ])),
        ])

    func check(_ bundle: LocalizedBundle, context: RuleContext) -> [Finding] {
        var out: [Finding] = []
        for group in bundle.groups {
            guard let reference = group.reference else { continue }
            // Base.lproj stands for the development region: its variants repeat its text.
            let refBase = LanguageCode.language(of: reference == "Base" ? group.developmentRegion ?? "en" : reference)
            for rel in StringKeysRule.referenceTables(group) {
                let source = group.files[reference]?[rel] != nil ? reference : "Base"
                guard let refTable = bundle.table(group, source, rel) else { continue }
                for language in group.spokenLanguages where language != reference && LanguageCode.language(of: language) != refBase {
                    guard let table = bundle.table(group, language, rel) else { continue }
                    let same = refTable.keys(withValueEqualTo: table) { text in
                        text.unicodeScalars.filter { $0.properties.isAlphabetic }.count >= 3
                    }
                    guard !same.isEmpty else { continue }
                    out.append(Finding(
                        ruleID: .untranslatedValue, severity: context.severity(of: .untranslatedValue), bundle: bundle.name,
                        message: "\(bundle.display(group, language, rel)): \(same.count) value(s) identical to \(source) "
                            + "(\(StringKeysRule.list(same))): translate them or confirm they are names",
                        paths: group.languages[language].map { [$0.appending(rel.bytes)] } ?? [],
                        subject: bundle.display(group, language, rel) + "|" + same.joined(separator: ",")))
                }
            }
        }
        return out
    }
}

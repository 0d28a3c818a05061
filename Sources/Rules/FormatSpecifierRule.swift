import BundleModel
import Comparison

/// A translation uses the same format specifiers as the reference for the same key.
public struct FormatSpecifierRule: LocalizationRule {
    public init() {}

    public func findings(in context: RuleContext) -> [Finding] { localizationFindings(in: context) }

    public static let description = RuleDescription(
        id: .formatSpecifierMismatch, name: "Format specifiers differ from the reference language",
        defaultSeverity: .error,
        rationale: "String(format:) reads its arguments by the specifiers of the translated text: %d where the "
            + "reference has %@, a different count, or unpositioned specifiers where the reference uses %1$@ "
            + "print garbage or crash in that language only.",
        triggeringExamples: [
            RuleExample("%@ vs %d", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("count", "%@ items")]),
                ("fr.lproj/Localizable.strings", [("count", "%d éléments")]),
            ]), expectedCount: 1),
            RuleExample("count differs", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("pair", "%@ and %@")]),
                ("de.lproj/Localizable.strings", [("pair", "%@ und")]),
            ])),
            RuleExample("positional vs unpositioned", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("pair", "%1$@ and %2$@")]),
                ("de.lproj/Localizable.strings", [("pair", "%@ und %@")]),
            ])),
        ],
        nonTriggeringExamples: [
            RuleExample("reordered positions", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("pair", "%1$@ has %2$ld")]),
                ("ja.lproj/Localizable.strings", [("pair", "%2$ldつ %1$@")]),
            ])),
            RuleExample("percent literal", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("p", "100%% of %d")]),
                ("fr.lproj/Localizable.strings", [("p", "%d à 100 %%")]),
            ])),
        ])

    func check(_ bundle: LocalizedBundle, context: RuleContext) -> [Finding] {
        var out: [Finding] = []
        for group in bundle.groups {
            guard let reference = group.reference else { continue }
            for rel in StringKeysRule.referenceTables(group) {
                let source = group.files[reference]?[rel] != nil ? reference : "Base"
                guard let refTable = bundle.table(group, source, rel) else { continue }
                for language in group.spokenLanguages where language != reference {
                    guard let table = bundle.table(group, language, rel) else { continue }
                    for key in refTable.values.keys.sorted() {
                        guard let a = refTable.values[key], let b = table.values[key] else { continue }
                        let ra = FormatSpecifiers(a), rb = FormatSpecifiers(b)
                        guard let why = ra.disagreement(with: rb) else { continue }
                        out.append(Finding(
                            ruleID: .formatSpecifierMismatch, severity: context.severity(of: .formatSpecifierMismatch),
                            bundle: bundle.name,
                            message: "\(bundle.display(group, language, rel)) key '\(key)': \(why) "
                                + "(\(source): \(ra.summary); \(language): \(rb.summary)): match the reference's specifiers",
                            paths: group.languages[language].map { [$0.appending(rel.bytes)] } ?? [],
                            subject: bundle.display(group, language, rel) + "|" + key))
                    }
                }
            }
        }
        return out
    }
}

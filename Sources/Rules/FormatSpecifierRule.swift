import BundleModel
import Comparison

/// A translation reads the same arguments, of the same types, as the reference for the same
/// key, when the reference is a format string (docs/format-specifiers.md).
public struct FormatSpecifierRule: LocalizationRule {
    public init() {}

    public func findings(in context: RuleContext) -> [Finding] { localizationFindings(in: context) }

    public static let description = RuleDescription(
        id: .formatSpecifierMismatch, name: "Format specifiers differ from the reference language",
        defaultSeverity: .error,
        rationale: "String(format:) reads its arguments by the specifiers of the translated text: %d where the "
            + "reference has %@, or a specifier for an argument the code does not pass (a '% g' left by a "
            + "'100 %' in a formatted string), prints garbage or crashes in that language only. Only keys whose "
            + "reference text is a format string are compared: a percent sign in prose (\"100% guaranteed\") is "
            + "no conversion. An argument a translation leaves out is l10n.format-argument-missing.",
        triggeringExamples: [
            RuleExample("%@ vs %d", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("count", "%@ items")]),
                ("fr.lproj/Localizable.strings", [("count", "%d éléments")]),
            ]), expectedCount: 1),
            RuleExample("an argument the code does not pass", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("pair", "%1$@ and %2$@")]),
                ("de.lproj/Localizable.strings", [("pair", "%1$@ und %3$@")]),
            ]), expectedCount: 1),
            RuleExample("'100 %' in a formatted translation reads a float", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("p", "%d%% guaranteed")]),
                ("fr.lproj/Localizable.strings", [("p", "%d % garanti")]),
            ]), expectedCount: 1),
            RuleExample("%ld vs %@", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("n", "%1$ld of %2$lu")]),
                ("it.lproj/Localizable.strings", [("n", "%1$@ di %2$lu")]),
            ]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("reordered positions", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("pair", "%1$@ has %2$ld")]),
                ("ja.lproj/Localizable.strings", [("pair", "%2$ldつ %1$@")]),
            ])),
            RuleExample("positional vs unpositioned, same arguments", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("pair", "%1$@ and %2$@")]),
                ("de.lproj/Localizable.strings", [("pair", "%@ und %@")]),
            ])),
            RuleExample("percent literal", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("p", "100%% of %d"), ("z", "Zoom (%d%%)")]),
                ("fr.lproj/Localizable.strings", [("p", "%d à 100 %%"), ("z", "Zoom (%d %%)")]),
            ])),
            RuleExample("a percent sign in prose", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("g", "not 100% guaranteed"), ("s", "0%, 25%, 50%, 75% and 100%")]),
                ("fr.lproj/Localizable.strings", [("g", "pas garanti à 100 %"), ("s", "0 %, 25 %, 50 %, 75 % et 100 %")]),
                ("tr.lproj/Localizable.strings", [("g", "%100 garanti değil"), ("s", "%0, %25, %50, %75 ve %100")]),
            ])),
            RuleExample("an app placeholder read as '% c'", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("c", "%0 cores"), ("o", "%0 of %1")]),
                ("de.lproj/Localizable.strings", [("c", "%0 Kerne"), ("o", "%0 von %1")]),
            ])),
            RuleExample("'% @' reads the same object as %@", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("o", "Open %@")]),
                ("nl.lproj/Localizable.strings", [("o", "% @ openen")]),
            ])),
        ])

    func check(_ bundle: LocalizedBundle, context: RuleContext) -> [Finding] {
        Self.findings(in: bundle, of: .mismatch, rule: .formatSpecifierMismatch, context: context)
    }

    /// The findings of `rule` for the format problems of kind `kind` in `bundle`: each key
    /// of each reference table, against the same key in every other language.
    static func findings(in bundle: LocalizedBundle, of kind: FormatSpecifiers.Problem.Kind, rule: RuleID,
                         context: RuleContext) -> [Finding] {
        var out: [Finding] = []
        for (group, source, language, rel) in bundle.formatPairs() {
            // A `.strings` key either side also has in its `.stringsdict` is read from there
            // (CFBundle lays the `.stringsdict` over the `.strings`): compared there, not here.
            let overriding = LocalizedBundle.sibling(rel).flatMap { other in
                rel.nameString.hasSuffix(".strings") ? other : nil
            }
            let overridden = overriding.map { other in
                Set(bundle.table(group, source, other)?.entries ?? []).union(bundle.table(group, language, other)?.entries ?? [])
            } ?? []
            var pairs: [(rel: BundlePath, found: FormatKeyProblems)] =
                (bundle.formatProblems(group, reference: source, language: language, rel) ?? [])
                    .filter { !overridden.contains($0.key) }.map { (rel, $0) }
            // Keys the language holds in the table's other half (`T.strings` ↔ `T.stringsdict`).
            if let other = LocalizedBundle.sibling(rel), let sibling = bundle.table(group, language, other),
               let reference = bundle.table(group, source, rel) {
                pairs += FormatKeyProblems.across(reference: reference, referenceSibling: bundle.table(group, source, other),
                                                  translation: bundle.table(group, language, rel), sibling: sibling)
                    .map { (other, $0) }
            }
            for (rel, found) in pairs {
                let problems = found.problems.filter { $0.kind == kind }
                guard !problems.isEmpty else { continue }
                let where_ = bundle.display(group, language, rel)
                let fix = kind == .mismatch ? "match the reference's specifiers" : "keep every argument of the reference"
                out.append(Finding(
                    ruleID: rule, severity: context.severity(of: rule), bundle: bundle.name,
                    message: "\(where_) key '\(found.key)': " + problems.map(\.text).joined(separator: "; ")
                        + " (\(source): \(found.referenceSummary); \(language): \(found.translationSummary)): \(fix)",
                    paths: group.languages[language].map { [$0.appending(rel.bytes)] } ?? [],
                    subject: where_ + "|" + found.key))
            }
        }
        return out
    }
}

import BundleModel
import Comparison

/// A string table has the reference language's keys, and no keys the reference dropped.
public struct StringKeysRule: LocalizationRule {
    public init() {}

    public func findings(in context: RuleContext) -> [Finding] { localizationFindings(in: context) }

    public static let description = RuleDescription(
        id: .stringKeysDiffer, name: "String table keys differ from the reference language", defaultSeverity: .warning,
        rationale: "A key missing from a translation shows the reference text (or the key itself) to users; a key "
            + "the reference no longer has is dead weight that translators keep paying for. Plural variables of "
            + ".stringsdict entries count as keys.",
        triggeringExamples: [
            RuleExample("fr lacks a key", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("hello", "Hello"), ("bye", "Bye")]),
                ("fr.lproj/Localizable.strings", [("hello", "Bonjour")]),
            ]), expectedCount: 1),
            RuleExample("de keeps a key en dropped", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("hello", "Hello")]),
                ("de.lproj/Localizable.strings", [("hello", "Hallo"), ("old", "Alt")]),
            ]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("same keys", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("hello", "Hello")]),
                ("fr.lproj/Localizable.strings", [("hello", "Bonjour")]),
            ])),
        ])

    func check(_ bundle: LocalizedBundle, context: RuleContext) -> [Finding] {
        var out: [Finding] = []
        for group in bundle.groups {
            guard let reference = group.reference else { continue }
            for rel in Self.referenceTables(group) {
                let source = group.files[reference]?[rel] != nil ? reference : "Base"
                guard let refTable = bundle.table(group, source, rel) else { continue }
                for language in group.spokenLanguages where language != reference {
                    guard let table = bundle.table(group, language, rel) else { continue }
                    let missing = refTable.keys.subtracting(table.keys).sorted()
                    let extra = table.keys.subtracting(refTable.keys).sorted()
                    guard !missing.isEmpty || !extra.isEmpty else { continue }
                    var parts: [String] = []
                    if !missing.isEmpty { parts.append("lacks \(missing.count) key(s) of \(source) (\(Self.list(missing)))") }
                    if !extra.isEmpty { parts.append("has \(extra.count) key(s) \(source) does not (\(Self.list(extra)))") }
                    out.append(Finding(
                        ruleID: .stringKeysDiffer, severity: context.severity(of: .stringKeysDiffer), bundle: bundle.name,
                        message: "\(bundle.display(group, language, rel)) " + parts.joined(separator: " and "),
                        paths: group.languages[language].map { [$0.appending(rel.bytes)] } ?? [],
                        subject: bundle.display(group, language, rel) + "|-" + missing.joined(separator: ",")
                            + "|+" + extra.joined(separator: ",")))
                }
            }
        }
        return out
    }

    /// The tables of the reference language, plus `Base.lproj` tables it does not have.
    static func referenceTables(_ group: LocalizationGroup) -> [BundlePath] {
        var rels = Set<BundlePath>()
        for language in [group.reference, "Base"].compactMap({ $0 }) {
            for rel in group.files[language]?.keys ?? [:].keys where isTable(rel) { rels.insert(rel) }
        }
        return rels.sorted()
    }

    static func isTable(_ rel: BundlePath) -> Bool {
        rel.nameString.hasSuffix(".strings") || rel.nameString.hasSuffix(".stringsdict")
    }

    static func list(_ keys: [String]) -> String {
        let shown = keys.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
        return keys.count > 5 ? shown + ", …" : shown
    }
}

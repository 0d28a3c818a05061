import BundleModel
import Comparison
import PropertyLists

/// Every `.strings` and `.stringsdict` table in a `.lproj` folder parses.
public struct UnreadableTableRule: LocalizationRule {
    public init() {}

    public func findings(in context: RuleContext) -> [Finding] { localizationFindings(in: context) }

    public static let description = RuleDescription(
        id: .unreadableTable, name: "A string table does not parse", defaultSeverity: .error,
        rationale: "The system reads a string table whole or not at all: one missing ';' or quote and none of "
            + "the table's strings load, so users of that language see the keys or the development language. "
            + "A ';' where a key should start makes the system drop every entry after it. The other rules "
            + "skip an unreadable table; this one names it and the line where reading stopped.",
        triggeringExamples: [
            RuleExample("a missing ';'", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Main.strings", [("a.title", "Brightness"), ("b.title", "Volume")]),
            ]).stringsText("Example.app/pt-BR.lproj/Main.strings",
                           "\"a.title\" = \"Brilho\"\n\n\"b.title\" = \"Volume\";\n"), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("comments, a key-only entry and a trailing ';'", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Main.strings", [("a.title", "Brightness"), ("OK", "OK")]),
            ]).stringsText("Example.app/pt-BR.lproj/Main.strings",
                           "/* Class = \"NSTextFieldCell\"; */\n\"a.title\" = \"Brilho\"; // title\n\"OK\";\n;\n")),
        ])

    func check(_ bundle: LocalizedBundle, context: RuleContext) -> [Finding] {
        var out: [Finding] = []
        for group in bundle.groups {
            for language in group.languages.keys.sorted() {
                let files = group.files[language] ?? [:]
                for rel in files.keys.sorted() where StringKeysRule.isTable(rel) {
                    guard let entry = files[rel], case .undecodable(let reason)? = bundle.snapshot.plists[entry.path],
                          !reason.hasPrefix("too large:") else { continue }
                    let shown = bundle.display(group, language, rel)
                    out.append(Finding(
                        ruleID: .unreadableTable, severity: context.severity(of: .unreadableTable), bundle: bundle.name,
                        message: "\(shown) does not parse (\(reason)): the system loads none of its strings",
                        paths: [entry.path], subject: shown))
                }
            }
        }
        return out
    }
}

import BundleModel
import Comparison

/// A translation's string table has every key of the reference language's table.
/// Keys a translation has and the reference lacks are noted at info at most.
public struct StringKeysRule: LocalizationRule {
    public init() {}

    public func findings(in context: RuleContext) -> [Finding] { localizationFindings(in: context) }

    public static let description = RuleDescription(
        id: .stringKeysDiffer, name: "String table keys differ from the reference language", defaultSeverity: .warning,
        rationale: "A key missing from a translation shows the reference text (or the key itself) to that language's "
            + "users. A regional variant (en-GB beside en) holds only its overrides: CFBundle falls back to its "
            + "language for the rest, so it lacks nothing. A key the reference lacks harms no user (stale, or text "
            + "a Base storyboard already shows): it is noted at info at most. So is a gap in a table that translates "
            + "a Base storyboard, xib or nib: its keys are element ids, and the reference's table may list elements "
            + "the compiled interface no longer has. Plural variables of .stringsdict entries count as keys.",
        triggeringExamples: [
            RuleExample("fr lacks a key", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("hello", "Hello"), ("bye", "Bye")]),
                ("fr.lproj/Localizable.strings", [("hello", "Bonjour")]),
            ]), expectedCount: 1),
            RuleExample("de lacks a key of Base, which serves the development region", old: nil, new: L10nExamples.app(tables: [
                ("Base.lproj/Localizable.strings", [("hello", "Hello"), ("bye", "Bye")]),
                ("de.lproj/Localizable.strings", [("hello", "Hallo")]),
                ("fr.lproj/Localizable.strings", [("hello", "Bonjour"), ("bye", "Au revoir")]),
            ]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("same keys", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("hello", "Hello")]),
                ("fr.lproj/Localizable.strings", [("hello", "Bonjour")]),
            ])),
            RuleExample("regional variant with overrides only", old: nil, new: L10nExamples.app(tables: [
                ("en.lproj/Localizable.strings", [("color", "Color"), ("hello", "Hello")]),
                ("en-GB.lproj/Localizable.strings", [("color", "Colour")]),
                ("fr.lproj/Localizable.strings", [("color", "Couleur"), ("hello", "Bonjour")]),
                ("fr-CA.lproj/Localizable.strings", [("hello", "Allô")]),
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
                    let display = bundle.display(group, language, rel)
                    let paths = group.languages[language].map { [$0.appending(rel.bytes)] } ?? []
                    // A regional variant falls back to its language for every key it lacks.
                    var missing = group.isRegionalVariant(language) ? [] : refTable.keys(missingFrom: table)
                    var extra = table.keys(missingFrom: refTable)
                    // A key the language holds in the table's other half is there: CFBundle reads
                    // `T.strings` and `T.stringsdict` as one table.
                    let theirs = bundle.siblingTable(group, language, rel)
                    let covered = LocalizedBundle.covered(missing, of: refTable, by: theirs)
                    missing.removeAll { covered.contains($0) }
                    let stale = LocalizedBundle.covered(extra, of: table, by: bundle.siblingTable(group, source, rel))
                    extra.removeAll { stale.contains($0) }
                    // A plural entry's variables are named by its own format key: a translation
                    // that names them otherwise (`%#@f@` for `%#@files@`) lacks none of them.
                    if table.isStringsdict, !missing.isEmpty || !extra.isEmpty {
                        let renamed = Self.renamedVariables(refTable, table)
                        if !renamed.isEmpty {
                            let refEntries = Set(refTable.entries), entries = Set(table.entries)
                            missing.removeAll { Self.entry(of: $0, among: refEntries).map(renamed.contains) ?? false }
                            extra.removeAll { Self.entry(of: $0, among: entries).map(renamed.contains) ?? false }
                        }
                    }
                    if !missing.isEmpty {
                        let interface = group.translatesBaseInterface(rel)
                        out.append(Finding(
                            ruleID: .stringKeysDiffer,
                            severity: interface ? context.severity(of: .stringKeysDiffer, atMost: .info)
                                : context.severity(of: .stringKeysDiffer),
                            bundle: bundle.name,
                            message: "\(display) lacks \(missing.count) key(s) of \(source) (\(Self.list(missing))): "
                                + (interface ? "\(language) users see the Base interface text for those elements, unless "
                                    + "the \(source) table lists elements the interface file no longer has"
                                    : "\(language) users see the \(source) text there; translate them"),
                            paths: paths, subject: display + "|-" + missing.joined(separator: ",") + "|+"))
                    }
                    if !extra.isEmpty {
                        out.append(Finding(
                            ruleID: .stringKeysDiffer, severity: context.severity(of: .stringKeysDiffer, atMost: .info),
                            bundle: bundle.name,
                            message: "\(display) has \(extra.count) key(s) \(source) does not (\(Self.list(extra))): "
                                + "stale unless the code or a Base interface file still uses them",
                            paths: paths, subject: display + "|+" + extra.joined(separator: ",")))
                    }
                }
            }
        }
        return out
    }

    /// The entry a flattened `.stringsdict` key belongs to (`entry`, `entry/variable`,
    /// `entry/variable/other`), nil when it names none of `entries`.
    static func entry(of key: String, among entries: Set<String>) -> String? {
        if entries.contains(key) { return key }
        var prefix = Substring(key)
        while let slash = prefix.lastIndex(of: "/") {
            prefix = prefix[..<slash]
            if entries.contains(String(prefix)) { return String(prefix) }
        }
        return nil
    }

    /// The entries both `.stringsdict` tables hold whose variables differ by name only: as
    /// many on each side, each with its required `other` text, and every one its format
    /// names defined.
    static func renamedVariables(_ a: StringTable, _ b: StringTable) -> Set<String> {
        let shared = Set(a.entries).intersection(b.entries)
        // Each shared entry's variables (`entry/variable`), in one pass over the keys.
        func variables(_ table: StringTable) -> [String: [String]] {
            var out: [String: [String]] = [:]
            for key in table.sortedKeys {
                guard let slash = key.lastIndex(of: "/") else { continue }
                let entry = String(key[..<slash])
                if shared.contains(entry) { out[entry, default: []].append(String(key[key.index(after: slash)...])) }
            }
            return out
        }
        func complete(_ table: StringTable, _ entry: String, _ names: [String]) -> Bool {
            let named = Set(FormatSpecifiers(table.value(forKey: entry) ?? "").variables.keys)
            return named.isSubset(of: Set(names)) && names.allSatisfy { table.contains(key: entry + "/" + $0 + "/other") }
        }
        let (x, y) = (variables(a), variables(b))
        return Set(shared.filter { entry in
            guard let p = x[entry], let q = y[entry], p.count == q.count, !p.isEmpty else { return false }
            return complete(a, entry, p) && complete(b, entry, q)
        })
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

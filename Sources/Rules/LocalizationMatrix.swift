import BundleModel
import Comparison

/// One bundle's string tables against its languages in one build: for every table of the
/// reference language (and `Base.lproj`), how many keys each language has and which of
/// the reference's keys it lacks. Reports draw it as the localization matrix.
public struct LocalizationMatrix: Sendable, Hashable {
    /// The bundle as findings name it.
    public var bundle: String
    public var tables: [Table]

    /// A string table (`Localizable.strings`, `Sub/Settings.stringsdict`) in one group of
    /// `.lproj` folders.
    public struct Table: Sendable, Hashable {
        /// The table's path relative to the bundle, with `<lang>.lproj` left out.
        public var name: String
        /// The language whose keys are the reference (`Base` when it only exists there).
        public var reference: String
        public var referenceKeys: Int
        /// Every spoken language of the group, sorted, with its cell.
        public var cells: [Cell]
    }

    /// One language's copy of a table.
    public struct Cell: Sendable, Hashable {
        public var language: String
        /// Keys in this language's table; nil when the language has no such table.
        public var keys: Int?
        /// Reference keys the language lacks, sorted (all of them when the table is absent).
        public var missing: [String]
    }

    /// Every spoken language that appears in any table, sorted.
    public var languages: [String] {
        Array(Set(tables.flatMap { $0.cells.map(\.language) })).sorted()
    }

    /// The matrices of every bundle on both sides of a comparison, in bundle order; bundles
    /// without string tables are left out.
    public static func of(_ comparison: BuildComparison, configuration: RuleConfiguration) -> [Change] {
        of(RuleContext(comparison: comparison, configuration: configuration, history: nil))
    }

    /// As `of(_:configuration:)`, sharing the localizations the rules already built; the
    /// old side is drawn on the other core.
    public static func of(_ context: RuleContext) -> [Change] {
        let bundles = context.comparison.bundles
        let (news, olds) = BothCores.run({ bundles.map { b in b.new.map { Self(context.localizedBundle($0, named: b.name, isNew: true)) } } },
                                         alongside: { bundles.map { b in b.old.map { Self(context.localizedBundle($0, named: b.name, isNew: false)) } } })
        return zip(bundles, zip(olds, news)).compactMap { b, sides in
            let (old, new) = sides
            let change = Change(bundle: b.name, old: old, new: new)
            return (old?.tables.isEmpty ?? true) && (new?.tables.isEmpty ?? true) ? nil : change
        }
    }

    init(_ bundle: LocalizedBundle) {
        self.bundle = bundle.name
        var tables: [Table] = []
        for group in bundle.groups {
            guard let reference = group.reference else { continue }
            for rel in StringKeysRule.referenceTables(group) {
                let source = group.files[reference]?[rel] != nil ? reference : "Base"
                guard let refTable = bundle.table(group, source, rel) else { continue }
                let cells = group.spokenLanguages.map { language -> Cell in
                    guard group.files[language]?[rel] != nil, let table = bundle.table(group, language, rel) else {
                        return Cell(language: language, keys: nil, missing: refTable.sortedKeys)
                    }
                    return Cell(language: language, keys: table.keyCount,
                                missing: refTable.keys(missingFrom: table))
                }
                let name = group.relativeFolder.isRoot ? rel.description : group.relativeFolder.appending(rel.bytes).description
                tables.append(Table(name: name, reference: source, referenceKeys: refTable.keyCount, cells: cells))
            }
        }
        self.tables = tables
    }

    /// One bundle's matrix before and after.
    public struct Change: Sendable, Hashable {
        public var bundle: String
        public var old: LocalizationMatrix?
        public var new: LocalizationMatrix?

        /// Reference keys `language` lacks in `table` on the new side that it did not lack
        /// before (gaps this build opened, including those of a table or language the old
        /// build did not have); empty when the whole bundle is new.
        public func newGaps(table: String, language: String) -> [String] {
            guard let old, let cell = new?.cell(table: table, language: language) else { return [] }
            let was = Set(old.cell(table: table, language: language)?.missing ?? [])
            return cell.missing.filter { !was.contains($0) }
        }
    }

    /// The cell of `language` in `table`, if both exist.
    public func cell(table: String, language: String) -> Cell? {
        tables.first { $0.name == table }?.cells.first { $0.language == language }
    }
}

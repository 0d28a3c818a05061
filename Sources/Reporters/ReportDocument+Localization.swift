import Comparison
import Rules

/// The JSON report's moves and localization matrices.
extension ReportDocument {
    struct MoveEntry: Encodable {
        var kind: String
        var from: String
        var to: [String]
        var fileCount: Int
        var contentChanged: Bool
        var fromBundle: String?
        var toBundle: String?
        var crossesBundles: Bool
        var localization: LocalizationMove?

        init(_ m: ResourceMove) {
            kind = m.kind.rawValue
            from = m.from.description
            to = m.to.map(\.description)
            fileCount = m.fileCount
            contentChanged = m.contentChanged
            fromBundle = m.fromBundle
            toBundle = m.toBundle
            crossesBundles = m.crossesBundles
            localization = m.localization.map(LocalizationMove.init)
        }
    }

    /// A move across a localization boundary: `into` / `out-of` an `.lproj`, or `between` two.
    struct LocalizationMove: Encodable {
        var kind: String
        var from: String?
        var to: String?

        init(_ change: ResourceMove.LocalizationChange) {
            switch change {
            case .intoLocalization(let language): (kind, from, to) = ("into", nil, language)
            case .outOfLocalization(let language): (kind, from, to) = ("out-of", language, nil)
            case .betweenLocalizations(let a, let b): (kind, from, to) = ("between", a, b)
            }
        }
    }

    /// One bundle's string tables × languages before and after, with the gaps this build opened.
    struct LocalizationEntry: Encodable {
        var bundle: String
        var old: [Table]?
        var new: [Table]?
        var newGaps: [Gap]

        init(_ change: LocalizationMatrix.Change) {
            bundle = change.bundle
            old = change.old.map { $0.tables.map(Table.init) }
            new = change.new.map { $0.tables.map(Table.init) }
            var gaps: [Gap] = []
            for table in change.new?.tables ?? [] {
                for cell in table.cells {
                    let keys = change.newGaps(table: table.name, language: cell.language)
                    if !keys.isEmpty { gaps.append(Gap(table: table.name, language: cell.language, keys: keys)) }
                }
            }
            newGaps = gaps
        }
    }

    struct Table: Encodable {
        var name: String
        var reference: String
        var referenceKeys: Int
        var cells: [Cell]

        init(_ t: LocalizationMatrix.Table) {
            name = t.name
            reference = t.reference
            referenceKeys = t.referenceKeys
            cells = t.cells.map { Cell(language: $0.language, keys: $0.keys, missing: $0.missing) }
        }
    }

    /// One language's copy of a table: `keys` is absent when the language has no such table.
    struct Cell: Encodable {
        var language: String
        var keys: Int?
        var missing: [String]
    }

    /// Reference keys a language lacks now that it did not lack before.
    struct Gap: Encodable {
        var table: String
        var language: String
        var keys: [String]
    }
}

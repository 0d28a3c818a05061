import PropertyLists

extension StoreFacts {
    /// The first line of every recorded store text.
    public static let header = "bundlediff-store 1"

    /// The canonical text recorded at `stores/<path>` (docs/snapshot-format.md): a header,
    /// one fact per line, names quoted through `CanonicalFields` (so no name can forge a line),
    /// tables sorted by name, each followed by its columns (declared order) and indexes (sorted).
    public func canonicalText() -> String {
        var lines = [Self.header]
        switch state {
        case .sqlite: lines.append("format: sqlite")
        case .notSQLite: lines.append("format: not-sqlite")
        case .unreadable(let reason):
            lines.append("format: unreadable")
            lines.append("error: " + CanonicalFields.quote(reason))
        }
        if let journal { lines.append("journal: " + journal.rawValue) }
        for sibling in siblings { lines.append("sibling: " + sibling.rawValue) }
        for entity in entities { lines.append("entity " + CanonicalFields.quote(entity)) }
        for table in tables {
            var line = "table " + CanonicalFields.quote(table.name) + " " + table.kind.rawValue
            switch table.rows {
            case .exactly(let n): line += " rows \(n)"
            case .moreThan(let n): line += " rows more-than \(n)"
            case .unknown: if table.kind == .table { line += " rows unknown" }
            }
            lines.append(line)
            for column in table.columns {
                lines.append("column " + CanonicalFields.quote(column.name) + " " + CanonicalFields.quote(column.type))
            }
            for index in table.indexes { lines.append("index " + CanonicalFields.quote(index)) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

import PropertyLists

extension StoreFacts {
    /// Why recorded store text could not be read back.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
        init(_ message: String) { description = "store text: " + message }
    }

    /// Reads text that `canonicalText()` wrote. Accepts only what it writes: the facts read
    /// are rendered again and must give the same bytes.
    public static func parse(_ text: String) throws(ParseError) -> StoreFacts {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.last == "" else { throw ParseError("does not end in a newline") }
        lines.removeLast()
        guard lines.first == header else { throw ParseError("unknown header (expected '\(header)')") }
        var facts = StoreFacts(state: .sqlite)
        var sawFormat = false
        for (offset, line) in lines.enumerated().dropFirst() {
            let number = offset + 1
            let tokens: [CanonicalFields.Token]
            do throws(PlistError) {
                tokens = try CanonicalFields.tokens(line, lineNumber: number)
            } catch {
                throw ParseError(error.description)
            }
            try apply(tokens, to: &facts, sawFormat: &sawFormat, line: number)
        }
        guard sawFormat else { throw ParseError("no format line") }
        // Sorted as the initialisers sort: text whose lines were out of order does not round-trip.
        let tables = facts.tables.map { StoreTable(name: $0.name, kind: $0.kind, columns: $0.columns,
                                                   indexes: $0.indexes, rows: $0.rows) }
        let sorted = StoreFacts(state: facts.state, journal: facts.journal, siblings: facts.siblings,
                                tables: tables, entities: facts.entities)
        guard sorted.canonicalText() == text else { throw ParseError("not in canonical form") }
        return sorted
    }

    private static func apply(_ tokens: [CanonicalFields.Token], to facts: inout StoreFacts,
                              sawFormat: inout Bool, line: Int) throws(ParseError) {
        let bad = ParseError("line \(line): unexpected fact")
        func word(_ i: Int) -> String? {
            if i < tokens.count, case .word(let w) = tokens[i] { return w }
            return nil
        }
        func quoted(_ i: Int) -> String? {
            if i < tokens.count, case .quoted(let q) = tokens[i] { return q }
            return nil
        }
        let n = tokens.count
        switch word(0) {
        case "format:" where n == 2:
            switch word(1) {
            case "sqlite": facts.state = .sqlite
            case "not-sqlite": facts.state = .notSQLite
            case "unreadable": facts.state = .unreadable(reason: "")
            default: throw bad
            }
            sawFormat = true
        case "error:" where n == 2:
            guard case .unreadable = facts.state, let reason = quoted(1) else { throw bad }
            facts.state = .unreadable(reason: reason)
        case "journal:" where n == 2:
            guard let journal = word(1).flatMap(Journal.init(rawValue:)) else { throw bad }
            facts.journal = journal
        case "sibling:" where n == 2:
            guard let sibling = word(1).flatMap(Sibling.init(rawValue:)) else { throw bad }
            facts.siblings.append(sibling)
        case "entity" where n == 2:
            guard let name = quoted(1) else { throw bad }
            facts.entities.append(name)
        case "column" where n == 3:
            guard !facts.tables.isEmpty, let name = quoted(1), let type = quoted(2) else { throw bad }
            facts.tables[facts.tables.count - 1].columns.append(StoreColumn(name, type))
        case "index" where n == 2:
            guard !facts.tables.isEmpty, let name = quoted(1) else { throw bad }
            facts.tables[facts.tables.count - 1].indexes.append(name)
        case "table":
            guard let name = quoted(1), let kind = word(2).flatMap(StoreTable.Kind.init(rawValue:)) else { throw bad }
            var table = StoreTable(name: name, kind: kind)
            switch n {
            case 3: break
            case 5 where word(3) == "rows":
                if word(4) == "unknown" { table.rows = .unknown } else if let count = word(4).flatMap(decimal) {
                    table.rows = .exactly(count)
                } else { throw bad }
            case 6 where word(3) == "rows" && word(4) == "more-than":
                guard let count = word(5).flatMap(decimal) else { throw bad }
                table.rows = .moreThan(count)
            default: throw bad
            }
            facts.tables.append(table)
        default:
            throw bad
        }
    }

    /// A non-negative decimal as `canonicalText()` writes it (the round trip rejects the rest).
    private static func decimal(_ word: String) -> Int? {
        guard let n = Int(word), n >= 0 else { return nil }
        return n
    }
}

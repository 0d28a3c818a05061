import PropertyLists
import TextSafety

extension MachOText {
    /// The space-separated words of one line of the text.
    struct Words {
        var rest: Substring
        let bad: (String) -> MachOError

        init(_ line: Substring, bad: @escaping (String) -> MachOError) {
            rest = line
            self.bad = bad
        }

        mutating func word() throws(MachOError) -> Substring {
            let end = rest.firstIndex(of: " ") ?? rest.endIndex
            let word = rest[..<end]
            guard !word.isEmpty else { throw bad("missing a word") }
            rest = end < rest.endIndex ? rest[rest.index(after: end)...] : rest[end...]
            return word
        }

        mutating func expect(_ literal: String) throws(MachOError) {
            guard try word() == literal[...] else { throw bad("expected '\(literal)'") }
        }

        mutating func quoted() throws(MachOError) -> String {
            do {
                let (value, after) = try CanonicalText.readQuotedString(rest)
                rest = after.hasPrefix(" ") ? after.dropFirst() : after
                return value
            } catch {
                throw bad(error.message)
            }
        }

        mutating func number<T: FixedWidthInteger>(_ type: T.Type) throws(MachOError) -> T {
            guard let n = T(try word()) else { throw bad("expected a number") }
            return n
        }

        mutating func int32() throws(MachOError) -> Int32 { try number(Int32.self) }

        mutating func version() throws(MachOError) -> MachOVersion {
            guard let v = MachOVersion(canonical: try word()) else { throw bad("bad version") }
            return v
        }

        func end() throws(MachOError) {
            guard rest.isEmpty else { throw bad("unexpected text '\(VisibleText.escape(String(rest.prefix(40))))'") }
        }
    }
}

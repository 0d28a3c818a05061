/// The printf-style specifiers of a localized string, for comparing translations.
struct FormatSpecifiers: Equatable {
    /// Argument kind by position (1-based): `object`, `int`, `float`, `cstring`, `char`, `pointer`.
    var kinds: [Int: String] = [:]
    var count = 0
    var positional = 0

    var isEmpty: Bool { count == 0 }

    /// How a reader sees it: `%1$@ %2$d` → `1:object 2:int (positional)`.
    var summary: String {
        let parts = kinds.keys.sorted().map { "\($0):\(kinds[$0] ?? "?")" }.joined(separator: " ")
        return parts.isEmpty ? "none" : parts + (positional > 0 ? " (positional)" : "")
    }

    init(_ text: String) {
        let s = Array(text.unicodeScalars)
        var i = 0, next = 1
        while i < s.count {
            guard s[i] == "%" else { i += 1; continue }
            i += 1
            guard i < s.count else { break }
            if s[i] == "%" { i += 1; continue }
            if s[i] == "#", i + 1 < s.count, s[i + 1] == "@" {
                i += 2
                while i < s.count, s[i] != "@" { i += 1 }
                i += 1
                continue
            }
            var digits = 0, position: Int?
            let start = i
            while i < s.count, let d = Self.digit(s[i]) { digits = digits > 10_000 ? digits : digits * 10 + d; i += 1 }
            if i < s.count, s[i] == "$", i > start { position = digits; i += 1 } else { i = start }
            while i < s.count, "-+ #0'".unicodeScalars.contains(s[i]) { i += 1 }
            while i < s.count, Self.digit(s[i]) != nil || s[i] == "*" { i += 1 }
            if i < s.count, s[i] == "." {
                i += 1
                while i < s.count, Self.digit(s[i]) != nil || s[i] == "*" { i += 1 }
            }
            while i < s.count, "hlqLztj".unicodeScalars.contains(s[i]) { i += 1 }
            guard i < s.count, let kind = Self.kind(s[i]) else { continue }
            i += 1
            let slot = position ?? next
            if position == nil { next += 1 } else { positional += 1 }
            kinds[slot] = kind
            count += 1
        }
    }

    /// Why `other` disagrees with `self` (the reference), or nil when they agree.
    func disagreement(with other: FormatSpecifiers) -> String? {
        // Arguments, not occurrences: `%1$@ … %1$@` uses one argument twice, which is fine.
        let mine = kinds.keys.sorted(), theirs = other.kinds.keys.sorted()
        if mine.count != theirs.count { return "\(mine.count) argument(s) in the reference, \(theirs.count) here" }
        if mine != theirs {
            return "the reference uses argument(s) \(Self.list(mine)), this uses \(Self.list(theirs))"
        }
        if (positional > 0) != (other.positional > 0) { return "positional and unpositioned specifiers mixed" }
        if kinds != other.kinds { return "argument types differ" }
        return nil
    }

    private static func list(_ slots: [Int]) -> String { slots.map(String.init).joined(separator: ", ") }

    private static func digit(_ c: Unicode.Scalar) -> Int? {
        (48...57).contains(c.value) ? Int(c.value - 48) : nil
    }

    private static func kind(_ c: Unicode.Scalar) -> String? {
        switch c {
        case "@": "object"
        case "d", "i", "u", "x", "X", "o", "D", "U", "O": "int"
        case "f", "F", "e", "E", "g", "G", "a", "A": "float"
        case "s", "S": "cstring"
        case "c", "C": "char"
        case "p": "pointer"
        default: nil
        }
    }
}

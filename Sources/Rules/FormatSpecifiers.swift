/// The printf-style conversions of a localized string as Foundation's `String(format:)`
/// reads them, for comparing translations. The grammar is in docs/format-specifiers.md:
///
///     '%' [position '$'] flag* [width] ['.' precision] [length] conversion
///
/// plus `%%` (a literal percent sign) and `%[n][$]#@name@` (a `.stringsdict` variable).
/// Anything else after a `%` is no conversion: Foundation prints it and reads no argument.
/// A conversion written with the space flag (`% g` in "100% guaranteed", `%0 c` in
/// "%0 cores") is legal printf, but in practice it is a percent sign in prose, so it is kept
/// apart (`spaced`): it never makes a string count as formatted.
struct FormatSpecifiers: Equatable {
    /// One argument a string reads.
    struct Argument: Equatable {
        /// `object`, `int`, `float`, `cstring`, `char`, `pointer`, or `variable` (`%#@name@`).
        var kind: String
        /// Written with the space flag: taken as a percent sign in prose.
        var isSpaced: Bool
    }

    /// Every conversion Foundation reads, by argument slot (1-based), in text order.
    private(set) var conversions: [(slot: Int, argument: Argument)] = []
    /// `%%` occurrences.
    private(set) var literalPercents = 0
    /// App-specific placeholders `%0`, `%1`, … (a `%`, digits, then no conversion), by number.
    private(set) var placeholders: Set<Int> = []
    /// The argument slot of each `.stringsdict` variable (`%#@name@`) the text reads.
    private(set) var variables: [String: Int] = [:]

    static func == (a: FormatSpecifiers, b: FormatSpecifiers) -> Bool {
        a.conversions.elementsEqual(b.conversions) { $0.slot == $1.slot && $0.argument == $1.argument }
            && a.literalPercents == b.literalPercents && a.placeholders == b.placeholders
    }

    /// Whether a team formats this string: it has a conversion without the space flag
    /// (`%@`, `%d`, `%ld`, `%1$@`, `%.2f`, `%#@n@`) or an escaped `%%`.
    var isFormatted: Bool { literalPercents > 0 || conversions.contains { !$0.argument.isSpaced } }

    /// Argument kind by slot; `includeSpaced` counts space-flag conversions too.
    func arguments(includeSpaced: Bool) -> [Int: String] {
        var out: [Int: String] = [:]
        for c in conversions where (includeSpaced || !c.argument.isSpaced) && out[c.slot] == nil {
            out[c.slot] = c.argument.kind
        }
        return out
    }

    /// Whether any conversion uses the space flag.
    var hasSpaced: Bool { conversions.contains { $0.argument.isSpaced } }

    /// The app placeholders when they look like a numbered series (`%0 of %1`, `%1 cores`):
    /// numbers contiguous from 0 or 1. "%0, %25, %50" (Turkish percentages) is no series.
    var placeholderSeries: Set<Int> {
        guard let low = placeholders.min(), low <= 1, placeholders.count == (placeholders.max() ?? 0) - low + 1 else {
            return []
        }
        return placeholders
    }

    /// Adds the arguments of `other` that `self` does not read: the reference of a plural
    /// text is its own category together with `other`, since any category may show the number.
    mutating func absorb(_ other: FormatSpecifiers) {
        let slots = Set(conversions.map(\.slot))
        conversions += other.conversions.filter { !slots.contains($0.slot) }
        literalPercents += other.literalPercents
    }

    /// These conversions with each `.stringsdict` variable (`%#@name@`) replaced by what
    /// `texts(name, slot)` reads for it: the arguments of a whole entry, as a plain string
    /// of the same text would read them.
    func resolvingVariables(_ texts: (String, Int) -> FormatSpecifiers?) -> FormatSpecifiers {
        var out = self
        out.conversions.removeAll { $0.argument.kind == "variable" }
        for (name, slot) in variables.sorted(by: { $0.value < $1.value }) {
            if let read = texts(name, slot) { out.absorb(read) }
        }
        out.variables = [:]
        return out
    }

    /// The conversions of `text`, the unnumbered ones read from `firstArgument` on: 1 for a
    /// whole string; for a `.stringsdict` plural text, its variable's slot in the format
    /// (CoreFoundation formats a variable's text from that argument: in `%#@files@ in
    /// %#@folders@`, the `%d` of a `folders` text reads argument 2).
    init(_ text: String, firstArgument: Int = 1) {
        // Most texts have no `%` at all: nothing to read.
        guard text.utf8.contains(UInt8(ascii: "%")) else { return }
        let s = Array(text.unicodeScalars)
        var i = 0, next = max(firstArgument, 1)
        var name: String?
        while i < s.count {
            guard s[i] == "%" else { i += 1; continue }
            let percent = i
            i += 1
            guard i < s.count else { break }
            if s[i] == "%" { literalPercents += 1; i += 1; continue }
            // A position: digits then `$`.
            var position: Int?
            var j = i
            let number = Self.number(s, &j)
            if let number, j < s.count, s[j] == "$" { position = number; i = j + 1 }
            let placeholder = position == nil && number != nil && Self.endsPlaceholder(j < s.count ? s[j] : nil) ? number : nil
            var spaced = false
            while i < s.count, "-+ #0".unicodeScalars.contains(s[i]), !(s[i] == "#" && i + 1 < s.count && s[i + 1] == "@") {
                if s[i] == " " { spaced = true }
                i += 1
            }
            // A `*` width or precision reads an int argument of its own, before the value.
            var stars = 0
            if i < s.count, s[i] == "*" { stars += 1; i += 1 } else { _ = Self.number(s, &i) }
            if i < s.count, s[i] == "." {
                i += 1
                if i < s.count, s[i] == "*" { stars += 1; i += 1 } else { _ = Self.number(s, &i) }
            }
            var kind: String?
            name = nil
            if i < s.count, s[i] == "#", i + 1 < s.count, s[i + 1] == "@",
               let close = s[(i + 2)...].firstIndex(of: "@") {
                kind = "variable"
                name = String(String.UnicodeScalarView(s[(i + 2)..<close]))
                i = close + 1
            } else {
                while i < s.count, "hlqLztj".unicodeScalars.contains(s[i]) { i += 1 }
                if i < s.count, let k = Self.kind(s[i]) { kind = k; i += 1 }
            }
            if let placeholder, kind == nil || spaced { placeholders.insert(placeholder) }
            guard let kind else {
                i = percent + 1
                continue
            }
            if position == nil {
                for _ in 0..<stars { conversions.append((next, Argument(kind: "int", isSpaced: spaced))); next += 1 }
            }
            let slot: Int
            if let position { slot = position } else { slot = next; next += 1 }
            conversions.append((slot, Argument(kind: kind, isSpaced: spaced)))
            if let name, variables[name] == nil { variables[name] = slot }
        }
    }

    /// Digits at `i` (advancing past them), capped so long runs cannot overflow.
    private static func number(_ s: [Unicode.Scalar], _ i: inout Int) -> Int? {
        var value: Int?
        while i < s.count, (48...57).contains(s[i].value) {
            value = min((value ?? 0) * 10 + Int(s[i].value - 48), 100_000)
            i += 1
        }
        return value
    }

    /// What may follow `%N` for it to be an app placeholder: the end, or anything but a
    /// letter, a digit or a character that continues a printf specifier.
    private static func endsPlaceholder(_ c: Unicode.Scalar?) -> Bool {
        guard let c else { return true }
        if c.properties.isAlphabetic || (48...57).contains(c.value) { return false }
        return !"$.*#@%".unicodeScalars.contains(c)
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

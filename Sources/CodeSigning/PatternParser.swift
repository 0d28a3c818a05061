/// Parses the POSIX extended regular expressions `regcomp(REG_EXTENDED)` accepts, over
/// bytes (the C locale), into a `PatternNode`.
///
/// Apple's seals use a small part of the language (`^`, `$`, `.`, `*`, `+`, `?`, groups,
/// alternation, bracket expressions, `\.`); the parser takes all of ERE but collating
/// elements, equivalence classes and backslash-letter escapes, and bounds nesting depth
/// and counted repetition so that no input can exhaust the stack or the heap.
struct PatternParser {
    /// The deepest group nesting accepted.
    static let maxDepth = 64
    /// The largest count in `{m,n}` (POSIX's `RE_DUP_MAX`).
    static let maxCount = 255

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    static func parse(_ bytes: [UInt8]) throws(SealPatternError) -> PatternNode {
        guard !bytes.contains(0) else { throw .unsupported("it holds a NUL byte") }
        var parser = PatternParser(bytes)
        let node = try parser.alternation()
        if parser.index < bytes.count {
            throw .invalid("unmatched ) at offset \(parser.index)")
        }
        return node
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func alternation() throws(SealPatternError) -> PatternNode {
        var branches = [try concatenation()]
        while peek == UInt8(ascii: "|") {
            index += 1
            branches.append(try concatenation())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func concatenation() throws(SealPatternError) -> PatternNode {
        var items: [PatternNode] = []
        while let c = peek, c != UInt8(ascii: "|"), c != UInt8(ascii: ")") {
            var atom = try self.atom()
            while let q = peek, let (min, max) = try quantifier(q) {
                atom = .repeated(atom, min: min, max: max)
            }
            items.append(atom)
        }
        return items.isEmpty ? .empty : items.count == 1 ? items[0] : .concat(items)
    }

    /// Reads a quantifier starting at `q`, if it is one.
    private mutating func quantifier(_ q: UInt8) throws(SealPatternError) -> (Int, Int?)? {
        switch q {
        case UInt8(ascii: "*"): index += 1; return (0, nil)
        case UInt8(ascii: "+"): index += 1; return (1, nil)
        case UInt8(ascii: "?"): index += 1; return (0, 1)
        case UInt8(ascii: "{"):
            index += 1
            guard let min = number() else { throw .invalid("{ without a count at offset \(index)") }
            var max: Int? = min
            if peek == UInt8(ascii: ",") {
                index += 1
                max = number()
            }
            guard peek == UInt8(ascii: "}") else { throw .invalid("unterminated {…} at offset \(index)") }
            index += 1
            if let max, max < min { throw .invalid("{\(min),\(max)} counts down") }
            return (min, max)
        default: return nil
        }
    }

    private mutating func number() -> Int? {
        var value: Int?
        while let c = peek, c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") {
            value = min(Self.maxCount + 1, (value ?? 0) * 10 + Int(c - UInt8(ascii: "0")))
            index += 1
        }
        return value
    }

    private mutating func atom() throws(SealPatternError) -> PatternNode {
        let c = bytes[index]
        index += 1
        switch c {
        case UInt8(ascii: "("):
            depth += 1
            guard depth <= Self.maxDepth else { throw .unsupported("groups nest deeper than \(Self.maxDepth)") }
            let inner = try alternation()
            guard peek == UInt8(ascii: ")") else { throw .invalid("unmatched ( ") }
            index += 1
            depth -= 1
            return inner
        case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"), UInt8(ascii: "{"):
            throw .invalid("\(Character(Unicode.Scalar(c))) repeats nothing at offset \(index - 1)")
        case UInt8(ascii: "^"): return .begin
        case UInt8(ascii: "$"): return .end
        case UInt8(ascii: "."): return .bytes(.anyByte)
        case UInt8(ascii: "["): return .bytes(try bracket())
        case UInt8(ascii: "\\"):
            guard let next = peek else { throw .invalid("trailing backslash") }
            index += 1
            if (next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9")) || (next >= UInt8(ascii: "A") && next <= UInt8(ascii: "Z"))
                || (next >= UInt8(ascii: "a") && next <= UInt8(ascii: "z")) || next >= 0x80
                || [UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "`"), UInt8(ascii: "'")].contains(next) {
                // Letters, digits and \< \> \` \' are back-references, classes or word
                // anchors in the regex libraries that accept them, and undefined in POSIX.
                throw .unsupported("the escape \\\(Character(Unicode.Scalar(next))) has no meaning in POSIX")
            }
            return .bytes(ByteSet(next))
        default:
            return .bytes(ByteSet(c))
        }
    }

    /// A bracket expression after its `[`: `[^…]`, a leading `]`, ranges, `[:class:]`.
    private mutating func bracket() throws(SealPatternError) -> ByteSet {
        var set = ByteSet()
        var negate = false
        if peek == UInt8(ascii: "^") {
            negate = true
            index += 1
        }
        var first = true
        while true {
            guard let c = peek else { throw .invalid("unterminated [") }
            if c == UInt8(ascii: "]"), !first {
                index += 1
                break
            }
            first = false
            if c == UInt8(ascii: "["), index + 1 < bytes.count {
                let kind = bytes[index + 1]
                if kind == UInt8(ascii: ":") {
                    set.formUnion(try namedClass())
                    continue
                }
                if kind == UInt8(ascii: ".") || kind == UInt8(ascii: "=") {
                    throw .unsupported("collating elements and equivalence classes are not evaluated")
                }
            }
            index += 1
            if peek == UInt8(ascii: "-"), index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "]") {
                let high = bytes[index + 1]
                if high == UInt8(ascii: "["), index + 2 < bytes.count,
                   [UInt8(ascii: "."), UInt8(ascii: "="), UInt8(ascii: ":")].contains(bytes[index + 2]) {
                    throw .unsupported("a range ending in a class or collating element")
                }
                index += 2
                guard c <= high else { throw .invalid("the range \(c)-\(high) is out of order") }
                set.insert(c...high)
            } else {
                set.insert(c)
            }
        }
        return negate ? set.inverted : set
    }

    /// `[:name:]` inside a bracket expression, from its `[`.
    private mutating func namedClass() throws(SealPatternError) -> ByteSet {
        let start = index + 2
        var end = start
        while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: ":") && bytes[end + 1] == UInt8(ascii: "]")) {
            end += 1
        }
        guard end + 1 < bytes.count else { throw .invalid("unterminated [: in a bracket expression") }
        let name = String(decoding: bytes[start..<end], as: UTF8.self)
        guard let set = Self.namedClass(name) else { throw .invalid("unknown class [:\(name):]") }
        index = end + 2
        return set
    }
}

/// An upper bound on how deeply a YAML text nests, found from its bytes before any
/// parser sees them: the YAML library builds its tree recursively, so `[[[…]]]` a few
/// thousand deep overflows the stack. This is not a YAML parser and never says what the
/// text means; it only promises never to report less than the real depth.
///
/// - Block collections: every open one starts at its own column (a sequence may share
///   its parent mapping's column, hence the factor 2), and any collection start is at the
///   indentation of a line or right after a leading `- `, `? `, `: ` or `--- `. So twice the
///   number of distinct such columns in the text bounds the block depth.
/// - Flow collections: every `[` counts twice and every `{` once, wherever it is (a quote
///   or comment cannot hide one): an entry of a flow sequence may be a single-pair mapping
///   with no bracket of its own (`[a: [b: c]]` nests four deep). A `]` or `}` takes its
///   bracket's count back only when it closes a bracket on the same line with nothing in
///   between that could start a quoted scalar, comment, tag or directive (`"`, `'`, `#`,
///   `!`, `%`): then both brackets are real, or both are text. Other brackets stay counted,
///   which over-estimates multi-line flow collections.
struct YAMLNestingBound {
    /// The bound, or nil once it exceeds `limit` (the scan stops there).
    static func measure(_ bytes: [UInt8], limit: Int) -> Int? {
        var columns = Set<Int>()
        var open = 0                // what the brackets counted so far and not taken back add
        var cancellable: [Int] = [] // the counts of the innermost open ones that may still be taken back
        var deepest = 0
        var lineStart = true
        var i = 0
        while i < bytes.count {
            if lineStart {
                lineStart = false
                i = leadingColumns(bytes, from: i, into: &columns)
                if 2 * columns.count + open > limit { return nil }
                continue
            }
            switch bytes[i] {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                let count = bytes[i] == UInt8(ascii: "[") ? 2 : 1
                open += count
                cancellable.append(count)
                deepest = max(deepest, 2 * columns.count + open)
                if deepest > limit { return nil }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if let count = cancellable.popLast() { open -= count }
            case 0x0A, 0x0D:
                cancellable.removeAll(keepingCapacity: true)
                lineStart = true
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "#"), UInt8(ascii: "!"), UInt8(ascii: "%"):
                cancellable.removeAll(keepingCapacity: true)
            default:
                break
            }
            i += 1
        }
        return max(deepest, 2 * columns.count + open)
    }

    /// Records the columns where a collection may start on the line beginning at `start`
    /// (its indentation, then after each leading `- `, `? `, `: ` or `--- `), and returns the
    /// index of the first byte after them.
    private static func leadingColumns(_ bytes: [UInt8], from start: Int, into columns: inout Set<Int>) -> Int {
        var i = start
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        guard i < bytes.count, bytes[i] != 0x0A, bytes[i] != 0x0D else { return i }
        while true {
            columns.insert(i - start)
            let width = bytes[i...].starts(with: "---".utf8) ? 3 : 1
            guard i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "?")
                    || bytes[i] == UInt8(ascii: ":") else { return i }
            let next = i + width < bytes.count ? bytes[i + width] : 0x0A
            guard next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D else { return i }
            i += width
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
            if i >= bytes.count || bytes[i] == 0x0A || bytes[i] == 0x0D { return i }
        }
    }
}

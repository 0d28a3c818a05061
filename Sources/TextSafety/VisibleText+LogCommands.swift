extension VisibleText {
    /// Whether the scalar at `i` completes a CI log command marker, and is written escaped
    /// so that none reaches a runner from a build. GitHub Actions acts on a log line that
    /// starts with `::` after its spaces (`::error::`, `::add-mask::`, `::stop-commands::`)
    /// or holds `##[`, Azure Pipelines on `##vso[` anywhere in a line. A report wraps a
    /// long value onto lines of its own, so any `::` of build text may start one: the second
    /// `:` of every `::` and the second `#` of every `##[` and `##vso[` is a marker.
    public static func isLogCommandMarker(_ scalars: [Unicode.Scalar], at i: Int) -> Bool {
        guard i > 0 else { return false }
        switch scalars[i] {
        case ":": return scalars[i - 1] == ":"
        case "#":
            guard scalars[i - 1] == "#", i + 1 < scalars.count else { return false }
            if scalars[i + 1] == "[" { return true }
            let vso: [Unicode.Scalar] = ["v", "s", "o", "["]
            return i + vso.count < scalars.count && Array(scalars[(i + 1)...(i + vso.count)]) == vso
        default: return false
        }
    }

    /// Whether `text` holds `##[` or `##vso[`: one pass over its bytes (a generic substring
    /// search over a report-sized document took half a JSON report's time).
    public static func holdsHashCommand(_ text: String) -> Bool {
        func scan(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
            let hash = UInt8(ascii: "#"), open = UInt8(ascii: "[")
            let vso: [UInt8] = Array("vso[".utf8)
            var i = 1
            while i < b.count {
                if b[i] == hash, b[i - 1] == hash, i + 1 < b.count {
                    if b[i + 1] == open { return true }
                    if i + vso.count < b.count, (0..<vso.count).allSatisfy({ b[i + 1 + $0] == vso[$0] }) { return true }
                }
                i += 1
            }
            return false
        }
        if let found = text.utf8.withContiguousStorageIfAvailable(scan) { return found }
        return Array(text.utf8).withUnsafeBufferPointer(scan)
    }

    /// Whether `text` may hold a log command marker (`::` or `##`): the fast test before
    /// `isLogCommandMarker` is asked scalar by scalar.
    public static func mayHoldLogCommand(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == previous && (byte == UInt8(ascii: ":") || byte == UInt8(ascii: "#")) { return true }
            previous = byte
        }
        return false
    }
}

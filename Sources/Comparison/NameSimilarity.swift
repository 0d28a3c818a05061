/// Cheap similarity measures for rename detection, and the tool's one edit distance
/// (rename detection, "did you mean" for a mistyped command).
public enum NameSimilarity {
    /// 1 − normalised Levenshtein distance of two byte strings (1 = equal). Inputs longer
    /// than 128 bytes compare as 0 to keep the cost bounded.
    static func ratio(_ a: [UInt8], _ b: [UInt8]) -> Double {
        if a == b { return 1 }
        guard !a.isEmpty, !b.isEmpty, a.count <= 128, b.count <= 128 else { return 0 }
        return 1 - Double(distance(a, b)) / Double(max(a.count, b.count))
    }

    /// The edits (insert, delete or replace one byte) that turn `a` into `b`; with
    /// `transpositions`, swapping two neighbours counts as one edit too (optimal string
    /// alignment: `szie` is one edit from `size`). Cost `a.count × b.count`: bound the inputs.
    public static func distance(_ a: [UInt8], _ b: [UInt8], transpositions: Bool = false) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if transpositions, i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }

    /// min/max of two sizes (1 = equal; 0 when either is empty and the other is not).
    static func sizeRatio(_ a: UInt64, _ b: UInt64) -> Double {
        if a == b { return 1 }
        let lo = min(a, b), hi = max(a, b)
        return hi == 0 ? 1 : Double(lo) / Double(hi)
    }

    /// The name without its last extension.
    static func stem(_ name: [UInt8]) -> [UInt8] {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0 else { return name }
        return Array(name[..<dot])
    }

    /// The last extension (without the dot), empty when none.
    static func pathExtension(_ name: [UInt8]) -> [UInt8] {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0 else { return [] }
        return Array(name[(dot + 1)...])
    }

}

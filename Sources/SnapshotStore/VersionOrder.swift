/// Orders version strings the way release trains do: dot-separated components, numeric
/// ones compared as numbers (`1.10` > `1.9`), others as text; missing components are 0.
enum VersionOrder {
    static func less(_ a: String, _ b: String) -> Bool {
        let x = a.split(separator: ".", omittingEmptySubsequences: false)
        let y = b.split(separator: ".", omittingEmptySubsequences: false)
        for i in 0..<max(x.count, y.count) {
            let p = i < x.count ? x[i] : "0", q = i < y.count ? y[i] : "0"
            if p == q { continue }
            if let m = number(p), let n = number(q) {
                if m != n { return m < n }
                continue
            }
            return p < q
        }
        return false
    }

    /// The value of an all-digit component (leading zeros ignored, any length).
    private static func number(_ s: Substring) -> [UInt8]? {
        guard !s.isEmpty, s.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let trimmed = Array(s.utf8.drop { $0 == 0x30 })
        return trimmed
    }
}

private func < (a: [UInt8], b: [UInt8]) -> Bool {
    a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b)
}

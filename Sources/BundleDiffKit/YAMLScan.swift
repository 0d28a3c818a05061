/// A cursor over a scalar's bytes for the hand-written matchers of `YAMLResolver` and
/// `YAMLTimestampPattern` (the project reads no text with regular expressions).
struct YAMLScan {
    let b: [UInt8]
    var i = 0

    init(_ b: [UInt8]) { self.b = b }

    var atEnd: Bool { i == b.count }

    /// Takes `c` if it is next.
    mutating func take(_ c: Unicode.Scalar) -> Bool {
        take(where: { $0 == UInt8(ascii: c) })
    }

    mutating func take(where accepts: (UInt8) -> Bool) -> Bool {
        guard i < b.count, accepts(b[i]) else { return false }
        i += 1
        return true
    }

    /// Takes bytes while `accepts` says so; how many.
    @discardableResult
    mutating func run(of accepts: (UInt8) -> Bool, max: Int = .max) -> Int {
        let start = i
        while i < b.count, i - start < max, accepts(b[i]) { i += 1 }
        return i - start
    }

    /// An optional `+` or `-`.
    mutating func sign() {
        _ = take(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") })
    }

    /// `(:[0-5]?[0-9])+`: one or more groups, each a colon and one digit or two whose first
    /// is 0 to 5. On failure the cursor is left where it stopped.
    mutating func sexagesimalGroups() -> Bool {
        var groups = 0
        while take(":") {
            let start = i
            let n = run(of: YAMLResolver.isDigit, max: 2)
            guard n == 1 || (n == 2 && b[start] <= UInt8(ascii: "5")) else { return false }
            groups += 1
        }
        return groups > 0
    }
}

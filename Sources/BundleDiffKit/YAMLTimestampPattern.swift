/// Yams' two timestamp patterns as matchers: the resolver's, which decides that a plain
/// scalar is a timestamp, and the looser one its constructor checks a `!!timestamp` scalar
/// against (the scalar stays a string when it fails).
enum YAMLTimestampPattern {
    /// `[0-9]{4}-[0-9]{2}-[0-9]{2}`, or `[0-9]{4}-[0-9][0-9]?-[0-9][0-9]?` followed by a time
    /// (`time(_:)`).
    static func resolves(_ b: [UInt8]) -> Bool {
        var s = YAMLScan(b)
        guard s.run(of: YAMLResolver.isDigit, max: 4) == 4, s.take("-") else { return false }
        let month = s.run(of: YAMLResolver.isDigit, max: 2)
        guard month >= 1, s.take("-") else { return false }
        let day = s.run(of: YAMLResolver.isDigit, max: 2)
        guard day >= 1 else { return false }
        if s.atEnd { return month == 2 && day == 2 }
        return time(&s) && s.atEnd
    }

    /// The constructor's pattern: a date with one- or two-digit month and day, and the
    /// time optional. Like `$` in the regular expression Yams used, one line break may end
    /// the text (only a quoted `!!timestamp` scalar can have one).
    static func constructs(_ text: String) -> Bool {
        var b = Array(text.utf8)
        for end in lineBreaks where b.count >= end.count && b.suffix(end.count).elementsEqual(end) {
            b.removeLast(end.count)
            break
        }
        var s = YAMLScan(b)
        guard s.run(of: YAMLResolver.isDigit, max: 4) == 4, s.take("-"),
              s.run(of: YAMLResolver.isDigit, max: 2) >= 1, s.take("-"),
              s.run(of: YAMLResolver.isDigit, max: 2) >= 1 else { return false }
        return s.atEnd || (time(&s) && s.atEnd)
    }

    /// What ICU's `$` takes for a line break; `\r\n` first, so that it is taken whole.
    static let lineBreaks: [[UInt8]] = [[0x0D, 0x0A], [0x0A], [0x0B], [0x0C], [0x0D], Array("\u{85}".utf8),
                                        Array("\u{2028}".utf8), Array("\u{2029}".utf8)]

    /// `([Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](\.[0-9]*)?([ \t]*(Z|[-+][0-9][0-9]?(:[0-9][0-9])?))?`
    private static func time(_ s: inout YAMLScan) -> Bool {
        if !s.take(where: { $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") }) {
            guard s.run(of: isBlank) > 0 else { return false }
        }
        guard s.run(of: YAMLResolver.isDigit, max: 2) >= 1, s.take(":"),
              s.run(of: YAMLResolver.isDigit, max: 2) == 2, s.take(":"),
              s.run(of: YAMLResolver.isDigit, max: 2) == 2 else { return false }
        if s.take(".") { s.run(of: YAMLResolver.isDigit) }
        if s.atEnd { return true }
        s.run(of: isBlank)
        if s.take("Z") { return true }
        guard s.take(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }),
              s.run(of: YAMLResolver.isDigit, max: 2) >= 1 else { return false }
        if s.take(":") { return s.run(of: YAMLResolver.isDigit, max: 2) == 2 }
        return true
    }

    private static func isBlank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }
}

/// The tag of a plain scalar without one, by Yams' default rules in their order: bool,
/// int, float, merge, null, timestamp, value, else str. Each rule is one of Yams' regular
/// expressions written out as a matcher over the UTF-8 bytes (every class in them is
/// ASCII, so any other byte fails them all).
enum YAMLResolver {
    static func tag(ofPlain text: String) -> String {
        let b = Array(text.utf8)
        if isBool(b) { return YAMLTag.bool }
        if isInt(b) { return YAMLTag.int }
        if isFloat(b) { return YAMLTag.float }
        if text == "<<" { return YAMLTag.merge }
        if ["", "~", "null", "Null", "NULL"].contains(text) { return YAMLTag.null }
        if YAMLTimestampPattern.resolves(b) { return YAMLTag.timestamp }
        if text == "=" { return YAMLTag.value }
        return YAMLTag.str
    }

    static let bools: Set<String> = [
        "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE",
        "false", "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF",
    ]

    static func isBool(_ b: [UInt8]) -> Bool {
        b.count <= 5 && bools.contains(String(decoding: b, as: UTF8.self))
    }

    /// `[-+]?0b[0-1_]+ | [-+]?0o?[0-7_]+ | [-+]?(0|[1-9][0-9_]*) | [-+]?0x[0-9a-fA-F_]+
    /// | [-+]?[1-9][0-9_]*(:[0-5]?[0-9])+`
    static func isInt(_ b: [UInt8]) -> Bool {
        var s = YAMLScan(b)
        s.sign()
        let start = s.i
        if s.take("0") {
            if s.atEnd { return true }
            if s.take("b") { return s.run(of: isBinaryDigit) > 0 && s.atEnd }
            if s.take("x") { return s.run(of: isHexDigit) > 0 && s.atEnd }
            _ = s.take("o")
            return s.run(of: isOctalDigit) > 0 && s.atEnd
        }
        s.i = start
        guard s.take(where: isNonZeroDigit) else { return false }
        s.run(of: isDecimalDigit)
        if s.atEnd { return true }
        return s.sexagesimalGroups() && s.atEnd
    }

    /// `[-+]?[0-9][0-9_]*(\.[0-9_]*)?([eE][-+]?[0-9]+)? | \.[0-9_]+([eE][-+][0-9]+)?
    /// | [-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]* | [-+]?\.(inf|Inf|INF) | \.(nan|NaN|NAN)`
    static func isFloat(_ b: [UInt8]) -> Bool {
        let text = String(decoding: b, as: UTF8.self)
        if [".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF",
            ".nan", ".NaN", ".NAN"].contains(text) { return true }
        var s = YAMLScan(b)
        if s.take(".") {
            guard s.run(of: isDecimalDigit) > 0 else { return false }
            if s.atEnd { return true }
            guard s.take(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }),
                  s.take(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }) else { return false }
            return s.run(of: isDigit) > 0 && s.atEnd
        }
        s.sign()
        guard s.take(where: isDigit) else { return false }
        s.run(of: isDecimalDigit)
        let afterDigits = s.i
        if s.sexagesimalGroups() {
            guard s.take(".") else { return false }
            s.run(of: isDecimalDigit)
            return s.atEnd
        }
        s.i = afterDigits
        if s.take(".") { s.run(of: isDecimalDigit) }
        if s.take(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            s.sign()
            guard s.run(of: isDigit) > 0 else { return false }
        }
        return s.atEnd
    }

    static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
    static func isNonZeroDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "1") && c <= UInt8(ascii: "9") }
    /// A digit or `_` (Yams' `[0-9_]`), and the same for the other bases.
    static func isDecimalDigit(_ c: UInt8) -> Bool { isDigit(c) || c == UInt8(ascii: "_") }
    static func isOctalDigit(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "7")) || c == UInt8(ascii: "_")
    }
    static func isBinaryDigit(_ c: UInt8) -> Bool {
        c == UInt8(ascii: "0") || c == UInt8(ascii: "1") || c == UInt8(ascii: "_")
    }
    static func isHexDigit(_ c: UInt8) -> Bool {
        isDecimalDigit(c) || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "f"))
            || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "F"))
    }
}

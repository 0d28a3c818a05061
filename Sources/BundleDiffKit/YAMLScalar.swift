/// A scalar's value for its resolved tag, as Yams' default constructor builds it: nil
/// where Yams' construction fails, and the scalar is then its text.
enum YAMLScalar {
    static func value(tag: String, text: String, plain: Bool) -> Any? {
        switch tag {
        case YAMLTag.str: return text
        case YAMLTag.bool: return bool(text)
        case YAMLTag.int: return plain ? int(text) : nil
        case YAMLTag.float: return plain ? double(text) : nil
        case YAMLTag.null: return ["", "~", "null", "Null", "NULL"].contains(text) ? YAMLNull() : nil
        case YAMLTag.binary: return YAMLBinary(base64: text)
        case YAMLTag.timestamp: return YAMLTimestampPattern.constructs(text) ? YAMLTimestamp(text: text) : nil
        default: return nil
        }
    }

    static func bool(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
    }

    /// Yams' integer: `_` dropped; a sign; then `0x`, `0b`, `0o` or `0` choose the base of
    /// the rest, else `:` makes it base 60, else decimal. Like Yams, `-0` and `+0` (a
    /// prefix `0` with no digits after it) fail; where Yams' base-60 sum overflows (it
    /// traps), this fails instead.
    static func int(_ text: String) -> Int? {
        let s = text.filter { $0 != "_" }
        if s == "0" { return 0 }
        let negative = s.hasPrefix("-")
        let rest = negative || s.hasPrefix("+") ? s.dropFirst() : Substring(s)
        for (prefix, radix) in [("0x", 16), ("0b", 2), ("0o", 8), ("0", 8)] where rest.hasPrefix(prefix) {
            return Int((negative ? "-" : "") + rest.dropFirst(prefix.count), radix: radix)
        }
        if rest.contains(":") { return sexagesimal(s) }
        return Int(s)
    }

    /// `1:30` is 90: the parts that read as numbers (others are skipped, as in Yams), the
    /// last worth 1, each one before it 60 times more. Nil on overflow anywhere Yams'
    /// arithmetic would trap, including the weight after the first part.
    static func sexagesimal(_ s: String) -> Int? {
        var sign = 1
        var digits = Substring(s)
        if digits.hasPrefix("-") { sign = -1; digits = digits.dropFirst() } else if digits.hasPrefix("+") { digits = digits.dropFirst() }
        var weight = 1, total = 0
        for part in digits.split(separator: ":", omittingEmptySubsequences: false).reversed() {
            guard let digit = Int(part, radix: 10) else { continue }
            let (product, o1) = digit.multipliedReportingOverflow(by: weight)
            let (sum, o2) = total.addingReportingOverflow(product)
            let (next, o3) = weight.multipliedReportingOverflow(by: 60)
            if o1 || o2 || o3 { return nil }
            (total, weight) = (sum, next)
        }
        let (value, overflow) = total.multipliedReportingOverflow(by: sign)
        return overflow ? nil : value
    }

    /// Yams' floating-point number: `.inf`, `.nan` and their spellings; else `_` dropped
    /// and `:` makes it base 60, else Swift's own reading of a Double.
    static func double(_ text: String) -> Double? {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        let s = text.filter { $0 != "_" }
        guard s.contains(":") else { return Double(s) }
        var sign = 1.0
        var digits = Substring(s)
        if digits.hasPrefix("-") { sign = -1; digits = digits.dropFirst() } else if digits.hasPrefix("+") { digits = digits.dropFirst() }
        var weight = 1.0, total = 0.0
        for part in digits.split(separator: ":", omittingEmptySubsequences: false).reversed() {
            guard let digit = Double(part) else { continue }
            total += digit * weight
            weight *= 60
        }
        return sign * total
    }
}

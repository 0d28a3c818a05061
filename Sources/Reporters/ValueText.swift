import PropertyLists
import TextSafety

/// One-line renderings of plist values for reports: short, typed, and safe (control and
/// bidi characters escaped so a hostile value cannot forge report lines).
enum ValueText {
    static func inline(_ value: PlistValue?, limit: Int = 120) -> String {
        guard let value else { return "(none)" }
        let text = render(value, depth: 0)
        guard text.unicodeScalars.count > limit else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit - 1))) + "…"
    }

    private static func render(_ value: PlistValue, depth: Int) -> String {
        switch value {
        case .string(let s): return quote(s)
        case .integer(let i): return i.description
        case .real(let r): return "\(r)"
        case .boolean(let b): return b ? "true" : "false"
        case .date(let seconds): return "date \(seconds)"
        case .data(let bytes): return "<\(bytes.count) bytes>"
        case .uid(let u): return "uid \(u)"
        case .array(let items):
            if depth > 0 || items.count > 6 { return "[\(items.count) items]" }
            return "[" + items.map { render($0, depth: depth + 1) }.joined(separator: ", ") + "]"
        case .dictionary(let d):
            if depth > 0 || d.count > 4 { return "{\(d.count) keys}" }
            return "{" + d.entries.map { "\($0.key): \(render($0.value, depth: depth + 1))" }
                .joined(separator: ", ") + "}"
        }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where VisibleText.isHidden(scalar): out += VisibleText.escape(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

import FoundationEssentials
import PropertyLists

/// A property-list value in JSON with its type kept: `{"type": "integer", "value": 42}`.
public struct PlistValueJSON: Encodable, Sendable {
    let value: PlistValue

    public init(_ value: PlistValue) { self.value = value }

    private enum Keys: String, CodingKey { case type, value }

    private struct Entry: Encodable {
        var key: String
        var value: PlistValueJSON
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch value {
        case .string(let s): try c.encode("string", forKey: .type); try c.encode(s, forKey: .value)
        case .integer(let i): try c.encode("integer", forKey: .type); try c.encode(i.description, forKey: .value)
        case .real(let r):
            try c.encode("real", forKey: .type)
            try c.encode(r.isFinite ? "\(r)" : (r.isNaN ? "nan" : (r > 0 ? "inf" : "-inf")), forKey: .value)
        case .boolean(let b): try c.encode("boolean", forKey: .type); try c.encode(b, forKey: .value)
        case .date(let d):
            try c.encode("date", forKey: .type)
            try c.encode(d.isFinite ? "\(d)" : "nan", forKey: .value)  // seconds since 2001-01-01
        case .data(let bytes): try c.encode("data", forKey: .type); try c.encode(Data(bytes).base64EncodedString(), forKey: .value)
        case .uid(let u): try c.encode("uid", forKey: .type); try c.encode(u, forKey: .value)
        case .array(let items): try c.encode("array", forKey: .type); try c.encode(items.map(PlistValueJSON.init), forKey: .value)
        case .dictionary(let d):
            try c.encode("dictionary", forKey: .type)
            try c.encode(d.entries.map { Entry(key: $0.key, value: PlistValueJSON($0.value)) }, forKey: .value)
        }
    }
}

import Foundation

/// A decoded JSON document that keeps what JSON Schema needs to tell apart: booleans
/// from numbers, integers from other numbers, null from absent.
public indirect enum JSONTree: Equatable, Sendable, Decodable {
    case null
    case boolean(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONTree])
    case object([String: JSONTree])

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .boolean(b) }
        else if let i = try? c.decode(Int64.self) { self = .integer(i) }
        else if let d = try? c.decode(Double.self) { self = .number(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONTree].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONTree].self)) }
    }

    /// Parses a JSON text.
    public static func parse(_ data: Data) throws -> JSONTree {
        try JSONDecoder().decode(JSONTree.self, from: data)
    }

    public static func parse(_ text: String) throws -> JSONTree { try parse(Data(text.utf8)) }

    /// The member `key` of an object.
    public subscript(key: String) -> JSONTree? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// The element at `index` of an array.
    public subscript(index: Int) -> JSONTree? {
        if case .array(let a) = self, a.indices.contains(index) { return a[index] }
        return nil
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var arrayValue: [JSONTree]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// JSON Schema's equality: numbers compare by value (1 equals 1.0).
    func sameValue(_ other: JSONTree) -> Bool {
        switch (self, other) {
        case (.integer(let a), .number(let b)), (.number(let b), .integer(let a)): return Double(a) == b
        default: return self == other
        }
    }
}

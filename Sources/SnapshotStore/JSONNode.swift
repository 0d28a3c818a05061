/// A JSON value as `JSONReader` reads it: numbers keep their text, objects their keys
/// (never two alike).
enum JSONNode: Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONNode])
    case object(JSONMembers)

    /// The member `key` of an object; nil for a missing key or a value that is not an object.
    subscript(key: String) -> JSONNode? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A number written as a plain decimal integer that fits an `Int`.
    var int: Int? {
        if case .number(let text) = self { return Int(text) }
        return nil
    }

    /// A number written as a plain decimal integer that fits a `UInt64`.
    var uint64: UInt64? {
        if case .number(let text) = self { return UInt64(text) }
        return nil
    }

    var array: [JSONNode]? {
        if case .array(let items) = self { return items }
        return nil
    }

    var isNull: Bool { self == .null }
}

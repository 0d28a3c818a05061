/// A decoded property-list value.
///
/// The model keeps what release reviews care about and Foundation blurs: integers stay
/// apart from reals and booleans, dictionaries keep the key order of the file, dates are
/// kept as seconds since 2001-01-01T00:00:00Z (so no date is ever formatted by Foundation).
public indirect enum PlistValue: Hashable, Sendable {
    case string(String)
    /// An integer; binary plists can hold unsigned 64-bit and signed 128-bit values,
    /// which are kept exactly as their decimal text in `PlistInteger`.
    case integer(PlistInteger)
    case real(Double)
    case boolean(Bool)
    /// Seconds since 2001-01-01T00:00:00Z (the plist reference date). Never NaN.
    case date(Double)
    case data([UInt8])
    case array([PlistValue])
    case dictionary(PlistDictionary)
    /// A `CF$UID` reference of a binary plist (keyed archives).
    case uid(UInt64)

    /// The type's name as reports show it (`string`, `integer`, `real`, …).
    public var typeName: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .boolean: "boolean"
        case .date: "date"
        case .data: "data"
        case .array: "array"
        case .dictionary: "dictionary"
        case .uid: "uid"
        }
    }

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The dictionary, when this is a dictionary.
    public var dictionaryValue: PlistDictionary? {
        if case .dictionary(let d) = self { return d }
        return nil
    }

    /// The array, when this is an array.
    public var arrayValue: [PlistValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The value for `key` when this is a dictionary.
    public subscript(key: String) -> PlistValue? {
        dictionaryValue?[key]
    }
}

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

    /// The type's name after its indefinite article, for messages: `an integer`,
    /// `an array`, `a string`.
    public var typeNameWithArticle: String {
        let name = typeName
        return (["a", "e", "i", "o"].contains(name.first.map(String.init) ?? "") ? "an " : "a ") + name
    }

    /// Whether an Info.plist flag is on, as the system reads one (`-[NSString boolValue]`,
    /// `CFBooleanGetValue`): `<true/>`, a non-zero number, or a string whose first
    /// character after spaces, a sign and zeros is Y, y, T, t or a digit 1–9 (`YES`, as
    /// Bazel's rules_apple writes flags).
    public var isTrueFlag: Bool {
        switch self {
        case .boolean(let b): return b
        case .integer(let i): return i.high != 0 || i.low != 0
        case .real(let r): return r != 0
        case .string(let s):
            var rest = Substring(s).drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
            rest = rest.drop { $0 == "0" }
            guard let first = rest.first else { return false }
            return "YyTt123456789".contains(first)
        default: return false
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

// Equality is written out so that a NaN real equals a NaN real: with Double's `==` a
// value holding NaN would not equal itself, so an unchanged plist would diff as changed
// and `Hashable` (which requires `a == a`) would be broken. NaN payloads are not told
// apart (the canonical text does not keep them either); +0.0 and -0.0 stay equal.
extension PlistValue {
    public static func == (a: PlistValue, b: PlistValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): x == y
        case (.integer(let x), .integer(let y)): x == y
        case (.real(let x), .real(let y)): sameDouble(x, y)
        case (.boolean(let x), .boolean(let y)): x == y
        case (.date(let x), .date(let y)): sameDouble(x, y)
        case (.data(let x), .data(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.dictionary(let x), .dictionary(let y)): x == y
        case (.uid(let x), .uid(let y)): x == y
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(typeName)
        switch self {
        case .string(let s): hasher.combine(s)
        case .integer(let i): hasher.combine(i)
        case .real(let d), .date(let d): d.isNaN ? hasher.combine(UInt8(0xFF)) : hasher.combine(d)
        case .boolean(let b): hasher.combine(b)
        case .data(let bytes): hasher.combine(bytes)
        case .array(let items): hasher.combine(items)
        case .dictionary(let dictionary): hasher.combine(dictionary)
        case .uid(let u): hasher.combine(u)
        }
    }

    private static func sameDouble(_ x: Double, _ y: Double) -> Bool {
        x == y || (x.isNaN && y.isNaN)
    }
}

/// The hash type of a CodeDirectory (`CS_HASHTYPE_*`).
public struct MachOHashType: Hashable, Sendable, CustomStringConvertible {
    /// The number in the CodeDirectory.
    public var rawValue: UInt8

    /// The hash type with this number.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// `sha1` (rawValue: 1).
    public static let sha1 = MachOHashType(rawValue: 1)
    /// `sha256` (rawValue: 2).
    public static let sha256 = MachOHashType(rawValue: 2)
    /// `sha256Truncated` (rawValue: 3).
    public static let sha256Truncated = MachOHashType(rawValue: 3)
    /// `sha384` (rawValue: 4).
    public static let sha384 = MachOHashType(rawValue: 4)

    private static let names = ["sha1", "sha256", "sha256-truncated", "sha384"]

    /// `sha1`, `sha256`, `sha256-truncated`, `sha384`; `hash-<n>` for others.
    public var description: String {
        (1...4).contains(rawValue) ? Self.names[Int(rawValue) - 1] : "hash-\(rawValue)"
    }

    /// The hash type `description` names; nil for any other text.
    public init?(name: Substring) {
        if let index = Self.names.firstIndex(where: { $0 == name }) {
            rawValue = UInt8(index + 1)
        } else if name.hasPrefix("hash-"), let n = UInt8(name.dropFirst(5)), String(n) == name.dropFirst(5),
                  !(1...4).contains(n) {
            rawValue = n
        } else {
            return nil
        }
    }
}

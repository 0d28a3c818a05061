/// The `filetype` of a Mach-O header (`MH_EXECUTE`, `MH_DYLIB`, …).
public struct MachOFileType: Hashable, Sendable, CustomStringConvertible {
    /// The number in the header.
    public var rawValue: UInt32

    /// The file type with this number.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// `object` (rawValue: 1).
    public static let object = MachOFileType(rawValue: 1)
    /// `execute` (rawValue: 2).
    public static let execute = MachOFileType(rawValue: 2)
    /// `dylib` (rawValue: 6).
    public static let dylib = MachOFileType(rawValue: 6)
    /// `bundle` (rawValue: 8).
    public static let bundle = MachOFileType(rawValue: 8)

    private static let names = ["object", "execute", "fvmlib", "core", "preload", "dylib", "dylinker", "bundle",
                                "dylib-stub", "dsym", "kext-bundle", "fileset"]

    /// `execute`, `dylib`, `bundle`, …; `type-<n>` for a number Apple has not named.
    public var description: String {
        (1...UInt32(Self.names.count)).contains(rawValue) ? Self.names[Int(rawValue) - 1] : "type-\(rawValue)"
    }

    /// The file type `description` names; nil for any other text.
    public init?(name: Substring) {
        if let index = Self.names.firstIndex(where: { $0 == name }) {
            rawValue = UInt32(index + 1)
        } else if name.hasPrefix("type-"), let n = UInt32(name.dropFirst(5)), String(n) == name.dropFirst(5),
                  !(1...UInt32(Self.names.count)).contains(n) {
            rawValue = n
        } else {
            return nil
        }
    }
}

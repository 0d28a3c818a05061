/// The platform of an `LC_BUILD_VERSION` (`PLATFORM_*` in `<mach-o/loader.h>`).
public struct MachOPlatform: Hashable, Sendable, CustomStringConvertible {
    /// The number in the load command.
    public var rawValue: UInt32

    /// The platform with this number.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// `macOS` (rawValue: 1).
    public static let macOS = MachOPlatform(rawValue: 1)
    /// `iOS` (rawValue: 2).
    public static let iOS = MachOPlatform(rawValue: 2)
    /// `tvOS` (rawValue: 3).
    public static let tvOS = MachOPlatform(rawValue: 3)
    /// `watchOS` (rawValue: 4).
    public static let watchOS = MachOPlatform(rawValue: 4)
    /// `bridgeOS` (rawValue: 5).
    public static let bridgeOS = MachOPlatform(rawValue: 5)
    /// `macCatalyst` (rawValue: 6).
    public static let macCatalyst = MachOPlatform(rawValue: 6)
    /// `iOSSimulator` (rawValue: 7).
    public static let iOSSimulator = MachOPlatform(rawValue: 7)
    /// `tvOSSimulator` (rawValue: 8).
    public static let tvOSSimulator = MachOPlatform(rawValue: 8)
    /// `watchOSSimulator` (rawValue: 9).
    public static let watchOSSimulator = MachOPlatform(rawValue: 9)
    /// `driverKit` (rawValue: 10).
    public static let driverKit = MachOPlatform(rawValue: 10)
    /// `visionOS` (rawValue: 11).
    public static let visionOS = MachOPlatform(rawValue: 11)
    /// `visionOSSimulator` (rawValue: 12).
    public static let visionOSSimulator = MachOPlatform(rawValue: 12)

    private static let names = ["macOS", "iOS", "tvOS", "watchOS", "bridgeOS", "macCatalyst", "iOSSimulator",
                                "tvOSSimulator", "watchOSSimulator", "driverKit", "visionOS", "visionOSSimulator",
                                "firmware", "sepOS"]

    /// `macOS`, `iOSSimulator`, …; `platform-<n>` for a number Apple has not named.
    public var description: String {
        (1...UInt32(Self.names.count)).contains(rawValue) ? Self.names[Int(rawValue) - 1] : "platform-\(rawValue)"
    }

    /// The platform `description` names; nil for any other text.
    public init?(name: Substring) {
        if let index = Self.names.firstIndex(where: { $0 == name }) {
            rawValue = UInt32(index + 1)
        } else if name.hasPrefix("platform-"), let n = UInt32(name.dropFirst(9)),
                  String(n) == name.dropFirst(9), !(1...UInt32(Self.names.count)).contains(n) {
            rawValue = n
        } else {
            return nil
        }
    }

    /// True for the simulator platforms (a slice a device build must not ship).
    public var isSimulator: Bool { [7, 8, 9, 12].contains(rawValue) }
}

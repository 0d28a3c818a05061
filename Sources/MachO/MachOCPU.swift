/// A CPU type and subtype (`<mach/machine.h>`), with the architecture name tools use.
public struct MachOCPU: Hashable, Sendable, CustomStringConvertible {
    /// `cputype` as stored.
    public var type: Int32
    /// `cpusubtype` as stored (capability bits included).
    public var subtype: Int32

    /// The CPU with these numbers.
    public init(type: Int32, subtype: Int32) {
        self.type = type
        self.subtype = subtype
    }

    /// `arm64` (type: 0x0100_000C, subtype: 0).
    public static let arm64 = MachOCPU(type: 0x0100_000C, subtype: 0)
    /// `arm64e` (type: 0x0100_000C, subtype: 2).
    public static let arm64e = MachOCPU(type: 0x0100_000C, subtype: 2)
    /// `x86_64` (type: 0x0100_0007, subtype: 3).
    public static let x86_64 = MachOCPU(type: 0x0100_0007, subtype: 3)
    /// `i386` (type: 7, subtype: 3).
    public static let i386 = MachOCPU(type: 7, subtype: 3)
    /// `armv7` (type: 12, subtype: 9).
    public static let armv7 = MachOCPU(type: 12, subtype: 9)
    /// `arm64_32` (type: 0x0200_000C, subtype: 1).
    public static let arm64_32 = MachOCPU(type: 0x0200_000C, subtype: 1)

    /// The subtype without its capability bits (the top byte).
    public var subtypeNumber: Int32 { subtype & 0x00FF_FFFF }

    /// True for 64-bit CPU types (`CPU_ARCH_ABI64`).
    public var is64Bit: Bool { type & 0x0100_0000 != 0 }

    private static let armNames: [Int32: String] = [
        5: "armv4t", 6: "armv6", 7: "armv5", 8: "xscale", 9: "armv7", 10: "armv7f", 11: "armv7s",
        12: "armv7k", 13: "armv8", 14: "armv6m", 15: "armv7m", 16: "armv7em",
    ]

    /// `arm64`, `arm64e`, `x86_64`, `x86_64h`, `i386`, `armv7`, `armv7s`, `armv7k`, `arm64_32`,
    /// `ppc`, `ppc64`; `cpu-<type>-<subtype>` for others.
    public var name: String {
        let sub = subtypeNumber
        switch type {
        case 0x0100_000C: return sub == 2 ? "arm64e" : (sub == 0 || sub == 1 ? "arm64" : fallbackName)
        case 0x0200_000C: return sub == 0 || sub == 1 ? "arm64_32" : fallbackName
        case 12: return Self.armNames[sub] ?? (sub == 0 ? "arm" : fallbackName)
        case 0x0100_0007: return sub == 8 ? "x86_64h" : (sub == 3 ? "x86_64" : fallbackName)
        case 7: return sub == 3 ? "i386" : fallbackName
        case 18: return "ppc"
        case 0x0100_0012: return "ppc64"
        default: return fallbackName
        }
    }

    private var fallbackName: String { "cpu-\(type)-\(subtype)" }

    /// The architecture name.
    public var description: String { name }
}

/// A version packed as Mach-O packs them: `xxxx.yy.zz` in 16.8.8 bits (minimum OS, SDK,
/// dylib compatibility and current versions).
public struct MachOVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The packed value.
    public var rawValue: UInt32

    /// The version packed in `rawValue`.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// The version `major.minor.patch` (minor and patch are cut to 8 bits).
    public init(major: UInt16, minor: UInt8 = 0, patch: UInt8 = 0) {
        rawValue = UInt32(major) << 16 | UInt32(minor) << 8 | UInt32(patch)
    }

    /// The first component (16 bits).
    public var major: Int { Int(rawValue >> 16) }
    /// The second component (8 bits).
    public var minor: Int { Int(rawValue >> 8 & 0xFF) }
    /// The third component (8 bits).
    public var patch: Int { Int(rawValue & 0xFF) }

    /// `14.0`, `14.2.1`: the patch only when it is not zero.
    public var description: String {
        patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)"
    }

    /// Parses exactly the text `description` writes; nil for anything else.
    public init?(canonical text: Substring) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        var values: [UInt32] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 5, part.allSatisfy({ $0.isASCII && $0.isNumber }),
                  part.count == 1 || part.first != "0", let value = UInt32(part) else { return nil }
            values.append(value)
        }
        guard values[0] <= 0xFFFF, values[1] <= 0xFF else { return nil }
        let patch = values.count == 3 ? values[2] : 0
        guard patch <= 0xFF, values.count == 2 || patch != 0 else { return nil }
        rawValue = values[0] << 16 | values[1] << 8 | patch
    }

    /// Ordered by the packed value (major, then minor, then patch).
    public static func < (a: MachOVersion, b: MachOVersion) -> Bool { a.rawValue < b.rawValue }
}

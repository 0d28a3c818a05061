/// A Mach-O file's facts: one slice when thin, one per architecture when universal.
///
///     let file = try MachOFile.parse(bytes)        // throws MachOError, never traps
///     file.slices.map(\.architecture)             // ["arm64", "x86_64"]
public struct MachOFile: Hashable, Sendable {
    /// How the file holds its slices.
    public enum Container: String, Hashable, Sendable {
        /// One architecture (`MH_MAGIC`, `MH_MAGIC_64`).
        case thin
        /// Universal with 32-bit offsets (`FAT_MAGIC`).
        case fat
        /// Universal with 64-bit offsets (`FAT_MAGIC_64`).
        case fat64
    }

    /// Thin or universal.
    public var container: Container
    /// The slices in the order the file lists them.
    public var slices: [MachOSlice]

    /// A file with the given slices.
    public init(container: Container, slices: [MachOSlice]) {
        self.container = container
        self.slices = slices
    }

    /// The architecture names in file order.
    public var architectures: [String] { slices.map(\.architecture) }

    /// Reads the facts of a whole Mach-O file (thin or universal) within `limits`.
    /// Every malformation is a `MachOError` with a one-line message. `digest` hashes the
    /// signature's CodeDirectory for its cdhash; without one, `cdhash` is nil.
    public static func parse(_ bytes: [UInt8], limits: MachOLimits = .default,
                             digest: MachODigest? = nil) throws(MachOError) -> MachOFile {
        try parse(MachOByteRanges(bytes), limits: limits, digest: digest)
    }

    /// Reads the facts from the ranges of a file `source` holds (`missingRanges` says which
    /// the reader needs); a read outside them is a `MachOError` like any malformation.
    public static func parse(_ source: MachOByteRanges, limits: MachOLimits = .default,
                             digest: MachODigest? = nil) throws(MachOError) -> MachOFile {
        var reader = MachOReader(source: source, limits: limits, digest: digest)
        return try reader.readFile()
    }

    /// True when `prefix` (the first bytes of a file; 8 are enough) starts like a Mach-O
    /// file: a thin header of either byte order, or a universal header listing 1…19
    /// architectures, the test file(1) makes: a Java class file shares `0xcafebabe` and
    /// its major version (45 and up) sits where the count would be.
    public static func isMachO(prefix: some Collection<UInt8>) -> Bool {
        let head = Array(prefix.prefix(8))
        guard head.count >= 4 else { return false }
        let magic = UInt32(head[0]) << 24 | UInt32(head[1]) << 16 | UInt32(head[2]) << 8 | UInt32(head[3])
        switch magic {
        case 0xFEED_FACE, 0xFEED_FACF, 0xCEFA_EDFE, 0xCFFA_EDFE:
            return true
        case 0xCAFE_BABE, 0xCAFE_BABF:
            guard head.count >= 8 else { return false }
            let count = UInt32(head[4]) << 24 | UInt32(head[5]) << 16 | UInt32(head[6]) << 8 | UInt32(head[7])
            return (1...19).contains(count)
        default:
            return false
        }
    }
}

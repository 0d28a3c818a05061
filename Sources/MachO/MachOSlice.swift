/// The facts of one architecture of a Mach-O file (the whole file when it is thin).
public struct MachOSlice: Hashable, Sendable {
    /// CPU type and subtype (from the slice's own header; from the fat header for an archive slice).
    public var cpu: MachOCPU
    /// True for a 64-bit header (`MH_MAGIC_64`).
    public var is64Bit: Bool
    /// The header's file type; nil for a static-library (`!<arch>`) slice of a universal file.
    public var fileType: MachOFileType?
    /// `LC_BUILD_VERSION` and `LC_VERSION_MIN_*` in load-command order.
    public var buildVersions: [MachOBuildVersion] = []
    /// `LC_UUID`, uppercase with dashes (`8-4-4-4-12`).
    public var uuid: String?
    /// `LC_ID_DYLIB`, for a dylib.
    public var installName: MachOInstallName?
    /// Linked libraries, sorted by path (then kind and versions).
    public var libraries: [MachOLinkedLibrary] = []
    /// `LC_RPATH` paths in load-command order (the order dyld searches).
    public var rpaths: [String] = []
    /// `cryptid` of `LC_ENCRYPTION_INFO(_64)`; nil without that command.
    public var cryptID: UInt32?
    /// `LC_SOURCE_VERSION`'s packed `A.B.C.D.E` (24.10.10.10.10 bits).
    public var sourceVersion: UInt64?
    /// Segments in load-command order.
    public var segments: [MachOSegment] = []
    /// The embedded code signature, when there is one.
    public var codeSignature: MachOCodeSignature?
    /// Imported symbols: the undefined externals of the symbol table (or, when it lists
    /// none, the imports of `LC_DYLD_CHAINED_FIXUPS`), sorted, each once.
    public var importedSymbols: [String] = []

    /// A slice with the given header facts and no load-command facts yet.
    public init(cpu: MachOCPU, is64Bit: Bool, fileType: MachOFileType?) {
        self.cpu = cpu
        self.is64Bit = is64Bit
        self.fileType = fileType
    }

    /// True for a static-library (`!<arch>`) slice of a universal file: no load commands.
    public var isStaticArchive: Bool { fileType == nil }

    /// The architecture name (`arm64`, `x86_64`, …).
    public var architecture: String { cpu.name }

    /// `LC_SOURCE_VERSION` as `A.B.C.D.E`.
    public var sourceVersionText: String? {
        sourceVersion.map(MachOSlice.sourceVersionText)
    }

    static func sourceVersionText(_ v: UInt64) -> String {
        "\(v >> 40).\(v >> 30 & 0x3FF).\(v >> 20 & 0x3FF).\(v >> 10 & 0x3FF).\(v & 0x3FF)"
    }
}

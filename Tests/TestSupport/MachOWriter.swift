import PropertyLists

/// Writes Mach-O files in memory for tests: thin 32/64-bit images (either byte order) with
/// the load commands bundlediff reads, a symbol table, chained-fixup imports and a code
/// signature (CodeDirectories, XML and DER entitlements, CMS wrapper); universal (fat,
/// fat64) files around them; and `patch` to break any byte afterwards.
///
///     var image = MachOWriter()                      // arm64 MH_EXECUTE
///     image.commands = [.buildVersion(platform: 2, minos: 0x0E0000, sdk: 0x110200),
///                       .dylib(.load, "/usr/lib/libSystem.B.dylib")]
///     image.symbols = [.undefined("_objc_msgSend")]
///     image.signature = .init(identifier: "com.example.app")
///     let fat = MachOWriter.universal([image, x86], fat64: false)
public struct MachOWriter: Sendable {
    /// A load command, in the order written.
    public enum Command: Sendable {
        case segment(String, vmSize: UInt64, fileSize: UInt64)
        case buildVersion(platform: UInt32, minos: UInt32, sdk: UInt32)
        /// `cmd`: 0x24 macOS, 0x25 iOS, 0x2F tvOS, 0x30 watchOS.
        case versionMin(cmd: UInt32, version: UInt32, sdk: UInt32)
        case uuid([UInt8])
        /// `cmd`: 0xC load, 0xD id, 0x80000018 weak, 0x8000001F reexport, 0x20 lazy, 0x80000023 upward.
        case dylib(cmd: UInt32, path: String, current: UInt32 = 0x10000, compat: UInt32 = 0x10000)
        case rpath(String)
        case encryption(cryptid: UInt32)
        case sourceVersion(UInt64)
        /// Any command: `cmd`, then `body` after the 8-byte cmd/cmdsize (padded to 4 or 8).
        case raw(cmd: UInt32, body: [UInt8])
    }

    /// A symbol-table entry.
    public struct Symbol: Sendable {
        public var name: String
        public var type: UInt8
        public var value: UInt64
        public init(name: String, type: UInt8, value: UInt64 = 0) {
            self.name = name
            self.type = type
            self.value = value
        }
        /// An undefined external (`N_UNDF | N_EXT`).
        public static func undefined(_ name: String) -> Symbol { Symbol(name: name, type: 0x01) }
        /// A defined external in section 1 (`N_SECT | N_EXT`).
        public static func defined(_ name: String) -> Symbol { Symbol(name: name, type: 0x0F, value: 0x1000) }
    }

    /// The embedded signature.
    public struct Signature: Sendable {
        public var identifier: String
        public var teamID: String?
        public var flags: UInt32
        /// One CodeDirectory per hash type: the first in slot 0, the others in 0x1000, 0x1001, …
        public var hashTypes: [UInt8]
        public var entitlementsXML: [UInt8]?
        public var entitlementsDER: [UInt8]?
        /// The CMS blob's content (empty: an ad hoc signature's empty wrapper).
        public var cms: [UInt8]

        public init(identifier: String = "com.example.app", teamID: String? = "ABCDE12345", flags: UInt32 = 0,
                    hashTypes: [UInt8] = [1, 2], entitlementsXML: [UInt8]? = nil, entitlementsDER: [UInt8]? = nil,
                    cms: [UInt8] = []) {
            self.identifier = identifier
            self.teamID = teamID
            self.flags = flags
            self.hashTypes = hashTypes
            self.entitlementsXML = entitlementsXML
            self.entitlementsDER = entitlementsDER
            self.cms = cms
        }
    }

    public var cpuType: Int32 = 0x0100_000C
    public var cpuSubtype: Int32 = 0
    public var is64Bit = true
    public var bigEndian = false
    public var fileType: UInt32 = 2
    public var commands: [Command] = []
    /// Written as LC_SYMTAB and LC_DYSYMTAB (undefined range = the undefined entries, placed last).
    public var symbols: [Symbol]?
    /// Written as LC_DYLD_CHAINED_FIXUPS with DYLD_CHAINED_IMPORT entries.
    public var chainedImports: [String]?
    public var signature: Signature?
    /// Applied to the finished bytes (hostile-input tests).
    public var patch: (@Sendable (inout [UInt8]) -> Void)?

    public init() {}

    /// The image's bytes.
    public func bytes() -> [UInt8] {
        let e = Endian(big: bigEndian)
        let headerSize = is64Bit ? 32 : 28
        var cmds: [[UInt8]] = commands.map { command($0, e) }
        // Linkedit pieces are placed after the commands; their commands have fixed sizes.
        let extra = (symbols != nil ? 24 + 80 : 0) + (chainedImports != nil ? 16 : 0) + (signature != nil ? 16 : 0)
        let sizeofcmds = cmds.reduce(0) { $0 + $1.count } + extra
        var data: [UInt8] = []
        var offset = headerSize + sizeofcmds
        if let symbols {
            let ordered = symbols.filter { $0.type & 0x0E != 0 || $0.type & 0x01 == 0 } + symbols.filter { $0.type & 0x0F == 0x01 }
            let undefinedStart = ordered.count - symbols.filter { $0.type & 0x0F == 0x01 }.count
            var strtab: [UInt8] = [0x20, 0]
            var table: [UInt8] = []
            for s in ordered {
                e.u32(UInt32(strtab.count), &table)
                table += [s.type, 0]
                e.u16(0, &table)
                if is64Bit { e.u64(s.value, &table) } else { e.u32(UInt32(truncatingIfNeeded: s.value), &table) }
                strtab += Array(s.name.utf8) + [0]
            }
            while strtab.count % 8 != 0 { strtab.append(0) }
            let symoff = offset
            let stroff = symoff + table.count
            cmds.append(e.command(0x2, [symoff, ordered.count, stroff, strtab.count].map { UInt32($0) }))
            var dysym = [UInt32](repeating: 0, count: 18)
            dysym[4] = UInt32(undefinedStart)
            dysym[5] = UInt32(ordered.count - undefinedStart)
            cmds.append(e.command(0xB, dysym))
            data += table + strtab
            offset += table.count + strtab.count
        }
        if let chainedImports {
            let fixups = Self.chainedFixups(chainedImports)
            cmds.append(e.command(0x8000_0034, [UInt32(offset), UInt32(fixups.count)]))
            data += fixups
            offset += fixups.count
        }
        if let signature {
            while offset % 16 != 0 { data.append(0); offset += 1 }
            let blob = Self.superblob(signature)
            cmds.append(e.command(0x1D, [UInt32(offset), UInt32(blob.count)]))
            data += blob
            offset += blob.count
        }
        var out: [UInt8] = []
        e.u32(is64Bit ? 0xFEED_FACF : 0xFEED_FACE, &out)
        e.u32(UInt32(bitPattern: cpuType), &out)
        e.u32(UInt32(bitPattern: cpuSubtype), &out)
        e.u32(fileType, &out)
        e.u32(UInt32(cmds.count), &out)
        e.u32(UInt32(sizeofcmds), &out)
        e.u32(0x0020_0085, &out)
        if is64Bit { e.u32(0, &out) }
        for c in cmds { out += c }
        out += data
        patch?(&out)
        return out
    }

    private func command(_ c: Command, _ e: Endian) -> [UInt8] {
        switch c {
        case .segment(let name, let vmSize, let fileSize):
            var body = Self.padded(name, 16)
            if is64Bit {
                for v in [0, vmSize, 0, fileSize] { e.u64(v, &body) }
                for v: UInt32 in [7, 5, 0, 0] { e.u32(v, &body) }
                return e.raw(0x19, body)
            }
            for v in [0, vmSize, 0, fileSize] { e.u32(UInt32(truncatingIfNeeded: v), &body) }
            for v: UInt32 in [7, 5, 0, 0] { e.u32(v, &body) }
            return e.raw(0x1, body)
        case .buildVersion(let platform, let minos, let sdk):
            return e.command(0x32, [platform, minos, sdk, 0])
        case .versionMin(let cmd, let version, let sdk):
            return e.command(cmd, [version, sdk])
        case .uuid(let bytes):
            return e.raw(0x1B, bytes)
        case .dylib(let cmd, let path, let current, let compat):
            var body: [UInt8] = []
            for v: UInt32 in [24, 2, current, compat] { e.u32(v, &body) }
            return e.raw(cmd, body + Array(path.utf8) + [0])
        case .rpath(let path):
            var body: [UInt8] = []
            e.u32(12, &body)
            return e.raw(0x8000_001C, body + Array(path.utf8) + [0])
        case .encryption(let cryptid):
            return e.command(is64Bit ? 0x2C : 0x21, is64Bit ? [0x4000, 0x1000, cryptid, 0] : [0x4000, 0x1000, cryptid])
        case .sourceVersion(let v):
            var body: [UInt8] = []
            e.u64(v, &body)
            return e.raw(0x2A, body)
        case .raw(let cmd, let body):
            return e.raw(cmd, body, align: is64Bit ? 8 : 4)
        }
    }

    static func padded(_ s: String, _ n: Int) -> [UInt8] {
        Array((Array(s.utf8) + [UInt8](repeating: 0, count: n)).prefix(n))
    }
}

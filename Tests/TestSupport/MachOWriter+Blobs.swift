import BundleModel
import PropertyLists

extension MachOWriter {
    /// A universal file: fat (32-bit offsets) or fat64, each image aligned to `align`.
    public static func universal(_ images: [MachOWriter], fat64: Bool = false, align: Int = 0x4000) -> [UInt8] {
        universal(images.map { ($0.cpuType, $0.cpuSubtype, $0.bytes()) }, fat64: fat64, align: align)
    }

    /// A universal file from raw slices (an `!<arch>` archive, a broken image, …).
    public static func universal(_ slices: [(cpuType: Int32, cpuSubtype: Int32, bytes: [UInt8])], fat64: Bool = false,
                                 align: Int = 0x4000) -> [UInt8] {
        let e = Endian(big: true)
        var out: [UInt8] = []
        e.u32(fat64 ? 0xCAFE_BABF : 0xCAFE_BABE, &out)
        e.u32(UInt32(slices.count), &out)
        var offset = 8 + slices.count * (fat64 ? 32 : 20)
        var body: [UInt8] = []
        for slice in slices {
            offset = (offset + align - 1) / align * align
            e.u32(UInt32(bitPattern: slice.cpuType), &out)
            e.u32(UInt32(bitPattern: slice.cpuSubtype), &out)
            if fat64 {
                e.u64(UInt64(offset), &out)
                e.u64(UInt64(slice.bytes.count), &out)
                e.u32(14, &out)
                e.u32(0, &out)
            } else {
                for v in [offset, slice.bytes.count, 14] { e.u32(UInt32(v), &out) }
            }
            body.append(contentsOf: [UInt8](repeating: 0, count: offset - (8 + slices.count * (fat64 ? 32 : 20)) - body.count))
            body += slice.bytes
            offset += slice.bytes.count
        }
        return out + body
    }

    /// A CodeDirectory (version 0x20400) as codesign writes it: header, identifier, team
    /// id, one code-slot hash of zeros.
    public static func codeDirectory(_ s: Signature, hashType: UInt8) -> [UInt8] {
        let e = Endian(big: true)
        let hashSize: UInt8 = [1: 20, 2: 32, 3: 20, 4: 48][hashType] ?? 32
        let ident = Array(s.identifier.utf8) + [0]
        let team: [UInt8] = s.teamID.map { Array($0.utf8) + [0] } ?? []
        let identOffset = 88, teamOffset = s.teamID == nil ? 0 : 88 + ident.count
        let hashOffset = 88 + ident.count + team.count
        let length = hashOffset + Int(hashSize)
        var out: [UInt8] = []
        for v: UInt32 in [0xFADE_0C02, UInt32(length), 0x20400, s.flags, UInt32(hashOffset), UInt32(identOffset), 0, 1, 0x1000] {
            e.u32(v, &out)
        }
        out += [hashSize, hashType, 0, 12]
        for v: UInt32 in [0, 0, UInt32(teamOffset), 0] { e.u32(v, &out) }
        e.u64(0, &out)
        e.u64(0, &out)
        e.u64(0, &out)
        e.u64(1, &out)
        return out + ident + team + [UInt8](repeating: 0, count: Int(hashSize))
    }

    /// The superblob: CodeDirectories, entitlements (XML slot 5, DER slot 7), CMS (0x10000).
    public static func superblob(_ s: Signature) -> [UInt8] {
        let e = Endian(big: true)
        var blobs: [(UInt32, [UInt8])] = []
        for (index, type) in s.hashTypes.enumerated() {
            blobs.append((index == 0 ? 0 : 0x1000 + UInt32(index - 1), codeDirectory(s, hashType: type)))
        }
        if let xml = s.entitlementsXML { blobs.append((5, wrap(0xFADE_7171, xml))) }
        if let der = s.entitlementsDER { blobs.append((7, wrap(0xFADE_7172, der))) }
        blobs.append((0x10000, wrap(0xFADE_0B01, s.cms)))
        var index: [UInt8] = []
        var content: [UInt8] = []
        var offset = 12 + blobs.count * 8
        for (type, blob) in blobs {
            e.u32(type, &index)
            e.u32(UInt32(offset), &index)
            content += blob
            offset += blob.count
        }
        var out: [UInt8] = []
        for v in [0xFADE_0CC0, UInt32(offset), UInt32(blobs.count)] { e.u32(v, &out) }
        return out + index + content
    }

    static func wrap(_ magic: UInt32, _ content: [UInt8]) -> [UInt8] {
        let e = Endian(big: true)
        var out: [UInt8] = []
        e.u32(magic, &out)
        e.u32(UInt32(8 + content.count), &out)
        return out + content
    }

    /// The cdhash the reader must report for a CodeDirectory of SHA-256 type.
    public static func sha256CDHash(_ codeDirectory: [UInt8]) -> String {
        String(SHA256Digest.of(codeDirectory).description.prefix(40))
    }

    /// `LC_DYLD_CHAINED_FIXUPS` data: header, DYLD_CHAINED_IMPORT entries (ordinal 1), names.
    static func chainedFixups(_ names: [String]) -> [UInt8] {
        let e = Endian(big: false)
        var symbols: [UInt8] = [0]
        var imports: [UInt8] = []
        for name in names {
            e.u32(UInt32(symbols.count) << 9 | 1, &imports)
            symbols += Array(name.utf8) + [0]
        }
        var out: [UInt8] = []
        for v in [0, 28, 28, UInt32(28 + imports.count), UInt32(names.count), 1, 0] as [UInt32] { e.u32(v, &out) }
        return out + imports + symbols
    }

    /// DER entitlements as codesign writes them (`[APPLICATION 16] { 1, dictionary }`).
    public static func derEntitlements(_ value: PlistValue) -> [UInt8] {
        der(0x70, der(0x02, [1]) + derValue(value))
    }

    private static func derValue(_ value: PlistValue) -> [UInt8] {
        switch value {
        case .boolean(let b): return der(0x01, [b ? 0xFF : 0])
        case .integer(let i):
            var n = i.int64 ?? 0
            var bytes: [UInt8] = []
            repeat {
                bytes.insert(UInt8(truncatingIfNeeded: n), at: 0)
                n >>= 8
            } while !(n == 0 && bytes[0] & 0x80 == 0) && !(n == -1 && bytes[0] & 0x80 != 0)
            return der(0x02, bytes)
        case .string(let s): return der(0x0C, Array(s.utf8))
        case .array(let items): return der(0x30, items.flatMap(derValue))
        case .dictionary(let d):
            let sorted = d.entries.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            return der(0xB0, sorted.flatMap { der(0x30, der(0x0C, Array($0.key.utf8)) + derValue($0.value)) })
        default: return der(0x05, [])
        }
    }

    /// One DER element: tag, definite length, content.
    public static func der(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        let n = content.count
        if n < 0x80 { return [tag, UInt8(n)] + content }
        var length: [UInt8] = []
        var rest = n
        while rest > 0 {
            length.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        return [tag, 0x80 | UInt8(length.count)] + length + content
    }
}

/// Byte-order-aware appends for the writer.
struct Endian {
    let big: Bool
    init(big: Bool) { self.big = big }

    func u16(_ v: UInt16, _ out: inout [UInt8]) {
        out += big ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)]
    }

    func u32(_ v: UInt32, _ out: inout [UInt8]) {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) }
        out += big ? bytes.reversed() : bytes
    }

    func u64(_ v: UInt64, _ out: inout [UInt8]) {
        let bytes = (0..<8).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) }
        out += big ? bytes.reversed() : bytes
    }

    /// A command of 32-bit fields.
    func command(_ cmd: UInt32, _ fields: [UInt32]) -> [UInt8] {
        var body: [UInt8] = []
        for f in fields { u32(f, &body) }
        return raw(cmd, body)
    }

    /// cmd, cmdsize, body padded to `align`.
    func raw(_ cmd: UInt32, _ body: [UInt8], align: Int = 8) -> [UInt8] {
        var padded = body
        while (8 + padded.count) % align != 0 { padded.append(0) }
        var out: [UInt8] = []
        u32(cmd, &out)
        u32(UInt32(8 + padded.count), &out)
        return out + padded
    }
}

/// Reads a whole file: the universal header and its slices, or one thin slice.
struct MachOReader {
    let source: MachOByteRanges
    let limits: MachOLimits
    let digest: MachODigest?
    /// Bytes of names still allowed to be scanned (the file's size plus `maxNameBytes`).
    var nameBudget: Int

    init(source: MachOByteRanges, limits: MachOLimits, digest: MachODigest?) {
        self.source = source
        self.limits = limits
        self.digest = digest
        nameBudget = source.fileSize.addingReportingOverflow(max(0, limits.maxNameBytes)).partialValue
    }

    /// The file's size.
    var size: Int { source.fileSize }

    mutating func readFile() throws(MachOError) -> MachOFile {
        let file = MachOBytes(source: source, start: 0, count: size, bigEndian: true)
        guard size >= 4 else { throw MachOError("too short for a Mach-O header (\(size) bytes)") }
        let magic = try file.be32(0, "magic")
        switch magic {
        case 0xCAFE_BABE, 0xCAFE_BABF:
            return try readUniversal(file, is64: magic == 0xCAFE_BABF)
        default:
            guard Self.thinMagic(magic) != nil else {
                throw MachOError("not a Mach-O file (magic 0x\(String(magic, radix: 16)))")
            }
            var slice = SliceReader(data: file, limits: limits, digest: digest, nameBudget: nameBudget, label: nil)
            let result = try slice.read()
            nameBudget = slice.nameBudget
            return MachOFile(container: .thin, slices: [result])
        }
    }

    /// For a thin magic read big-endian: (is 64-bit, is big-endian); nil otherwise.
    static func thinMagic(_ magic: UInt32) -> (is64: Bool, bigEndian: Bool)? {
        switch magic {
        case 0xFEED_FACE: (false, true)
        case 0xFEED_FACF: (true, true)
        case 0xCEFA_EDFE: (false, false)
        case 0xCFFA_EDFE: (true, false)
        default: nil
        }
    }

    private mutating func readUniversal(_ file: MachOBytes, is64: Bool) throws(MachOError) -> MachOFile {
        let declared = try file.be32(4, "universal header")
        guard declared >= 1 else { throw MachOError("universal header lists no architectures") }
        guard declared <= limits.maxSlices else {
            throw MachOError("universal header lists \(declared) architectures (at most \(limits.maxSlices))")
        }
        let count = Int(declared)
        let entrySize = is64 ? 32 : 20
        let headerEnd = 8 + count * entrySize
        guard headerEnd <= size else {
            throw MachOError("universal header lists \(count) architectures but the file ends at \(size) bytes")
        }
        var ranges: [(offset: Int, size: Int, cpu: MachOCPU)] = []
        for index in 0..<count {
            let at = 8 + index * entrySize
            let cpu = MachOCPU(type: Int32(bitPattern: try file.be32(at, "architecture \(index + 1)")),
                               subtype: Int32(bitPattern: try file.be32(at + 4, "architecture \(index + 1)")))
            let offset: UInt64, size: UInt64
            if is64 {
                offset = UInt64(try file.be32(at + 8, "architecture")) << 32 | UInt64(try file.be32(at + 12, "architecture"))
                size = UInt64(try file.be32(at + 16, "architecture")) << 32 | UInt64(try file.be32(at + 20, "architecture"))
            } else {
                offset = UInt64(try file.be32(at + 8, "architecture"))
                size = UInt64(try file.be32(at + 12, "architecture"))
            }
            let name = "architecture \(index + 1) (\(cpu.name))"
            let fileSize = source.fileSize
            guard offset <= UInt64(fileSize), size <= UInt64(fileSize) - offset else {
                throw MachOError("\(name) at offset \(offset), \(size) bytes, lies outside the file (\(fileSize) bytes)")
            }
            guard offset >= UInt64(headerEnd) else {
                throw MachOError("\(name) at offset \(offset) overlaps the universal header")
            }
            ranges.append((Int(offset), Int(size), cpu))
        }
        let sorted = ranges.enumerated().sorted { $0.element.offset < $1.element.offset }
        for (a, b) in zip(sorted, sorted.dropFirst()) where a.element.offset + a.element.size > b.element.offset {
            let (first, second) = (min(a.offset, b.offset) + 1, max(a.offset, b.offset) + 1)
            throw MachOError("architectures \(first) and \(second) overlap")
        }
        var slices: [MachOSlice] = []
        for (index, range) in ranges.enumerated() {
            let label = "architecture \(index + 1) (\(range.cpu.name))"
            let data = MachOBytes(source: source, start: range.offset, count: range.size, bigEndian: true)
            guard range.size >= 4 else { throw MachOError("\(label) is too short for a header (\(range.size) bytes)") }
            let magic = try data.be32(0, label)
            if magic == 0xCAFE_BABE || magic == 0xCAFE_BABF {
                throw MachOError("\(label) is itself a universal file")
            }
            if range.size >= 8, try data.slice(0, 8, label).elementsEqual("!<arch>\n".utf8) {
                slices.append(MachOSlice(cpu: range.cpu, is64Bit: range.cpu.is64Bit, fileType: nil))
                continue
            }
            guard Self.thinMagic(magic) != nil else {
                throw MachOError("\(label) is not Mach-O (magic 0x\(String(magic, radix: 16)))")
            }
            var reader = SliceReader(data: data, limits: limits, digest: digest, nameBudget: nameBudget, label: label)
            slices.append(try reader.read())
            nameBudget = reader.nameBudget
        }
        return MachOFile(container: is64 ? .fat64 : .fat, slices: slices)
    }
}

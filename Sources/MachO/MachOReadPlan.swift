/// Which byte ranges of a Mach-O file the reader needs, learnt from the bytes held so far,
/// so a file read as a stream keeps only those (`MachOByteRanges`) instead of all of it:
/// first the header (the universal header and each slice's header), then each slice's load
/// commands, then the tables they name (the undefined symbols of the symbol table, the
/// string table, chained fixups, the code signature).
///
///     var plan = MachOReadPlan.next(for: held)   // ask again as ranges complete
///     plan.ranges                                 // what to keep next
public struct MachOReadPlan: Sendable {
    /// Ranges the reader will read that the source does not hold whole yet, in file order.
    public var ranges: [Range<Int>] = []
    /// Slices (by file offset) whose tables are planned: `next` does not read their load
    /// commands again when given these.
    public var planned: Set<Int> = []

    /// The next ranges for `source`, skipping the slices in `planned` (from an earlier
    /// plan). Empty when the held bytes say nothing more, or are malformed (reading them
    /// then says why).
    public static func next(for source: MachOByteRanges, limits: MachOLimits = .default,
                            planned: Set<Int> = []) -> MachOReadPlan {
        var plan = MachOReadPlan(planned: planned)
        let size = source.fileSize
        let file = MachOBytes(source: source, start: 0, count: size, bigEndian: true)
        guard size >= 4 else { return plan }
        guard let magic = try? file.be32(0, "magic") else { return plan.needing(0..<min(8, size), source) }
        guard magic == 0xCAFE_BABE || magic == 0xCAFE_BABF else {
            plan.slice(source, at: 0, size: size, limits: limits)
            return plan
        }
        guard size >= 8 else { return plan }
        guard let declared = try? file.be32(4, "universal header") else { return plan.needing(0..<8, source) }
        guard declared >= 1, declared <= limits.maxSlices else { return plan }
        let entrySize = magic == 0xCAFE_BABF ? 32 : 20
        let headerEnd = 8 + Int(declared) * entrySize
        guard headerEnd <= size else { return plan }
        guard source.piece(0, headerEnd) != nil else { return plan.needing(0..<headerEnd, source) }
        for index in 0..<Int(declared) {
            let at = 8 + index * entrySize
            // The universal header is held whole: these reads do not fail.
            func word(_ at: Int) -> UInt64 { UInt64((try? file.be32(at, "architecture")) ?? 0) }
            let offset = entrySize == 32 ? word(at + 8) << 32 | word(at + 12) : word(at + 8)
            let count = entrySize == 32 ? word(at + 16) << 32 | word(at + 20) : word(at + 12)
            guard offset >= UInt64(headerEnd), offset <= UInt64(size), count <= UInt64(size) - offset else { continue }
            plan.slice(source, at: Int(offset), size: Int(count), limits: limits)
        }
        return plan
    }

    /// Adds `range` unless the source holds it whole.
    private func needing(_ range: Range<Int>, _ source: MachOByteRanges) -> MachOReadPlan {
        var plan = self
        plan.need(range, source)
        return plan
    }

    private mutating func need(_ range: Range<Int>, _ source: MachOByteRanges) {
        guard !range.isEmpty, source.piece(range.lowerBound, range.count) == nil, !ranges.contains(range) else { return }
        ranges.append(range)
        ranges.sort { $0.lowerBound < $1.lowerBound }
    }

    /// The next ranges of the slice at `offset`: its header, its load commands, its tables.
    private mutating func slice(_ source: MachOByteRanges, at offset: Int, size: Int, limits: MachOLimits) {
        guard !planned.contains(offset) else { return }
        let head = min(32, size)
        guard source.piece(offset, head) != nil else { return need(offset..<(offset + head), source) }
        var data = MachOBytes(source: source, start: offset, count: size, bigEndian: true)
        guard size >= 8, let magic = try? data.be32(0, "magic"), let (is64, bigEndian) = MachOReader.thinMagic(magic)
        else { return }
        data.bigEndian = bigEndian
        let headerSize = is64 ? 32 : 28
        guard let sizeofcmds = try? data.u32(20, "header"), let end = data.end(headerSize, Int(sizeofcmds)) else { return }
        guard source.piece(offset, end) != nil else { return need(offset..<(offset + end), source) }
        var reader = SliceReader(data: data, limits: limits, digest: nil, nameBudget: .max, label: nil)
        planned.insert(offset)
        guard let slice = try? reader.readCommands() else { return }
        var tables: [(offset: Int, size: Int)] = []
        if let symtab = reader.symtab {
            let entry = slice.is64Bit ? 16 : 12
            var first = 0, count = symtab.nsyms
            if let undefined = reader.undefinedRange, undefined.first <= symtab.nsyms,
               undefined.count <= symtab.nsyms - undefined.first {
                (first, count) = (undefined.first, undefined.count)
            }
            let (start, o1) = first.multipliedReportingOverflow(by: entry)
            let (bytes, o2) = count.multipliedReportingOverflow(by: entry)
            if !o1, !o2 { tables.append((symtab.symoff &+ start, bytes)) }
            tables.append((symtab.stroff, symtab.strsize))
        }
        if let fixups = reader.chainedFixups { tables.append(fixups) }
        if let signature = reader.signature { tables.append(signature) }
        for t in tables where t.offset >= 0 && data.contains(t.offset, t.size) {
            need((offset + t.offset)..<(offset + t.offset + t.size), source)
        }
    }
}

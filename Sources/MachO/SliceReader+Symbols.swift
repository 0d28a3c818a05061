extension SliceReader {
    /// The undefined external symbols of `LC_SYMTAB` (the range `LC_DYSYMTAB` names, when
    /// present); when there are none, the imports of `LC_DYLD_CHAINED_FIXUPS`.
    mutating func readSymbols(into slice: inout MachOSlice) throws(MachOError) {
        var names: [ArraySlice<UInt8>] = []
        if let symtab {
            let entrySize = slice.is64Bit ? 16 : 12
            let (tableBytes, overflow) = symtab.nsyms.multipliedReportingOverflow(by: entrySize)
            guard !overflow, data.contains(symtab.symoff, tableBytes) else {
                throw fail("symbol table at offset \(symtab.symoff) (\(symtab.nsyms) symbols) lies outside the file (\(data.count) bytes)")
            }
            guard data.contains(symtab.stroff, symtab.strsize) else {
                throw fail("string table at offset \(symtab.stroff) (\(symtab.strsize) bytes) lies outside the file (\(data.count) bytes)")
            }
            var range = 0..<symtab.nsyms
            if let undefinedRange {
                guard undefinedRange.first <= symtab.nsyms, undefinedRange.count <= symtab.nsyms - undefinedRange.first else {
                    throw fail("undefined symbols \(undefinedRange.first)+\(undefinedRange.count) lie outside the \(symtab.nsyms) symbols")
                }
                range = undefinedRange.first..<(undefinedRange.first + undefinedRange.count)
            }
            // One view of each table (inside the file: checked above), looked up once.
            let table = try data.window(symtab.symoff, tableBytes, "symbol table")
            let strings = try data.window(symtab.stroff, symtab.strsize, "string table")
            for index in range {
                let at = index * entrySize
                let type = try table.u8(at + 4, "symbol")
                // Not a debugging entry, undefined (N_UNDF or N_PBUD), external.
                guard type & 0xE0 == 0, type & 0x0E == 0 || type & 0x0E == 0x0C, type & 0x01 != 0 else { continue }
                let value = slice.is64Bit ? try table.u64(at + 8, "symbol") : UInt64(try table.u32(at + 8, "symbol"))
                guard value == 0 else { continue } // a common symbol, defined here
                let strx = Int(try table.u32(at, "symbol"))
                guard strx < symtab.strsize else {
                    throw fail("symbol \(index) names offset \(strx) outside its \(symtab.strsize)-byte string table")
                }
                do {
                    names.append(try strings.cStringBytes(strx, limit: symtab.strsize, budget: &nameBudget,
                                                          "symbol \(index)'s name"))
                } catch {
                    throw fail(error.message)
                }
            }
        }
        if names.isEmpty, let chainedFixups {
            names = try chainedImports(chainedFixups)
        }
        slice.importedSymbols = Self.sortedUnique(names)
    }

    /// The names as strings, each once, in byte order. Sorted and deduplicated as bytes, and
    /// only the ones kept decoded; names with a non-ASCII byte (UTF-8 repair and canonical
    /// equivalence can make different bytes one string) go the way of strings.
    static func sortedUnique(_ names: [ArraySlice<UInt8>]) -> [String] {
        guard names.allSatisfy({ $0.allSatisfy { $0 < 0x80 } }) else {
            var strings = Set<String>()
            for name in names { strings.insert(String(decoding: name, as: UTF8.self)) }  // the first of equals stays
            return strings.sorted(by: MachOText.byteOrder)
        }
        var out: [String] = []
        var previous: ArraySlice<UInt8>?
        for name in names.sorted(by: bytesPrecede) where previous.map({ !$0.elementsEqual(name) }) ?? true {
            out.append(String(decoding: name, as: UTF8.self))
            previous = name
        }
        return out
    }

    /// Byte order of two names (`MachOText.byteOrder` of their strings, for ASCII).
    static func bytesPrecede(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in MachOText.bytesPrecede(a, b) } }
    }

    /// The imports table of `LC_DYLD_CHAINED_FIXUPS` (`dyld_chained_fixups_header`).
    private mutating func chainedImports(_ range: (offset: Int, size: Int)) throws(MachOError) -> [ArraySlice<UInt8>] {
        var fixups = try data.window(range.offset, range.size, "chained fixups")
        fixups.bigEndian = false
        guard fixups.count >= 28 else { throw fail("chained fixups header is \(fixups.count) bytes (needs 28)") }
        let importsOffset = Int(try fixups.u32(8, "chained fixups"))
        let symbolsOffset = Int(try fixups.u32(12, "chained fixups"))
        let count = Int(try fixups.u32(16, "chained fixups"))
        let format = try fixups.u32(20, "chained fixups")
        let symbolsFormat = try fixups.u32(24, "chained fixups")
        guard symbolsFormat == 0 else { throw fail("chained fixups use compressed symbol names (format \(symbolsFormat))") }
        let entrySize: Int
        switch format {
        case 1: entrySize = 4
        case 2: entrySize = 8
        case 3: entrySize = 16
        default: throw fail("chained fixups use an unknown imports format \(format)")
        }
        let (tableBytes, overflow) = count.multipliedReportingOverflow(by: entrySize)
        guard !overflow, fixups.contains(importsOffset, tableBytes) else {
            throw fail("chained fixups list \(count) imports at offset \(importsOffset), outside their \(fixups.count) bytes")
        }
        guard symbolsOffset <= fixups.count else {
            throw fail("chained fixups symbol names at offset \(symbolsOffset) lie outside their \(fixups.count) bytes")
        }
        let symbols = try fixups.window(symbolsOffset, fixups.count - symbolsOffset, "chained fixups names")
        var names: [ArraySlice<UInt8>] = []
        for index in 0..<count {
            let at = importsOffset + index * entrySize
            let nameOffset: Int
            if format == 3 {
                nameOffset = Int(try fixups.u32(at + 4, "chained import"))
            } else {
                nameOffset = Int(try fixups.u32(at, "chained import") >> 9)
            }
            do {
                names.append(try symbols.cStringBytes(nameOffset, limit: symbols.count, budget: &nameBudget,
                                                      "chained import \(index)'s name"))
            } catch {
                throw fail(error.message)
            }
        }
        return names
    }
}

extension SliceReader {
    /// The undefined external symbols of `LC_SYMTAB` (the range `LC_DYSYMTAB` names, when
    /// present); when there are none, the imports of `LC_DYLD_CHAINED_FIXUPS`.
    mutating func readSymbols(into slice: inout MachOSlice) throws(MachOError) {
        var names = Set<String>()
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
            for index in range {
                let at = symtab.symoff + index * entrySize
                let type = try data.u8(at + 4, "symbol")
                // Not a debugging entry, undefined (N_UNDF or N_PBUD), external.
                guard type & 0xE0 == 0, type & 0x0E == 0 || type & 0x0E == 0x0C, type & 0x01 != 0 else { continue }
                let value = slice.is64Bit ? try data.u64(at + 8, "symbol") : UInt64(try data.u32(at + 8, "symbol"))
                guard value == 0 else { continue } // a common symbol, defined here
                let strx = Int(try data.u32(at, "symbol"))
                guard strx < symtab.strsize else {
                    throw fail("symbol \(index) names offset \(strx) outside its \(symtab.strsize)-byte string table")
                }
                let strings = try data.window(symtab.stroff, symtab.strsize, "string table")
                do {
                    names.insert(try strings.cString(strx, limit: symtab.strsize, budget: &nameBudget, "symbol \(index)'s name"))
                } catch {
                    throw fail(error.message)
                }
            }
        }
        if names.isEmpty, let chainedFixups {
            names = try chainedImports(chainedFixups)
        }
        slice.importedSymbols = names.sorted(by: MachOText.byteOrder)
    }

    /// The imports table of `LC_DYLD_CHAINED_FIXUPS` (`dyld_chained_fixups_header`).
    private mutating func chainedImports(_ range: (offset: Int, size: Int)) throws(MachOError) -> Set<String> {
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
        var names = Set<String>()
        for index in 0..<count {
            let at = importsOffset + index * entrySize
            let nameOffset: Int
            if format == 3 {
                nameOffset = Int(try fixups.u32(at + 4, "chained import"))
            } else {
                nameOffset = Int(try fixups.u32(at, "chained import") >> 9)
            }
            do {
                names.insert(try symbols.cString(nameOffset, limit: symbols.count, budget: &nameBudget,
                                                 "chained import \(index)'s name"))
            } catch {
                throw fail(error.message)
            }
        }
        return names
    }
}

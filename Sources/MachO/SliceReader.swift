/// Reads one thin Mach-O image: its header and every load command.
struct SliceReader {
    var data: MachOBytes
    let limits: MachOLimits
    let digest: MachODigest?
    var nameBudget: Int
    /// `architecture 2 (arm64)` inside a universal file; nil for a thin file.
    let label: String?

    /// Where the symbol table and its undefined range are, once the commands are read.
    var symtab: (symoff: Int, nsyms: Int, stroff: Int, strsize: Int)?
    var undefinedRange: (first: Int, count: Int)?
    var chainedFixups: (offset: Int, size: Int)?
    var signature: (offset: Int, size: Int)?

    init(data: MachOBytes, limits: MachOLimits, digest: MachODigest?, nameBudget: Int, label: String?) {
        self.data = data
        self.limits = limits
        self.digest = digest
        self.nameBudget = nameBudget
        self.label = label
    }

    func fail(_ message: String) -> MachOError {
        MachOError(label.map { $0 + ": " + message } ?? message)
    }

    mutating func read() throws(MachOError) -> MachOSlice {
        var slice = try readCommands()
        slice.libraries.sort(by: MachOText.libraryOrder)
        try readSymbols(into: &slice)
        if let signature {
            var reader = SignatureReader(data: try data.window(signature.offset, signature.size, "code signature"),
                                         limits: limits, digest: digest)
            do {
                slice.codeSignature = try reader.read()
            } catch {
                throw fail(error.message)
            }
        }
        return slice
    }

    /// The header and every load command (noting where the tables they name lie), not the
    /// tables themselves; libraries in load-command order (`read` sorts them).
    mutating func readCommands() throws(MachOError) -> MachOSlice {
        guard let (is64, bigEndian) = MachOReader.thinMagic(try data.be32(0, "magic")) else {
            throw fail("not a Mach-O header")
        }
        data.bigEndian = bigEndian
        let headerSize = is64 ? 32 : 28
        guard data.count >= headerSize else { throw fail("too short for a Mach-O header (\(data.count) bytes)") }
        let cpu = MachOCPU(type: Int32(bitPattern: try data.u32(4, "header")),
                           subtype: Int32(bitPattern: try data.u32(8, "header")))
        var slice = MachOSlice(cpu: cpu, is64Bit: is64, fileType: MachOFileType(rawValue: try data.u32(12, "header")))
        let ncmds = try data.u32(16, "header")
        let sizeofcmds = try data.u32(20, "header")
        guard ncmds <= limits.maxLoadCommands else {
            throw fail("header declares \(ncmds) load commands (at most \(limits.maxLoadCommands))")
        }
        guard let commandsEnd = data.end(headerSize, Int(sizeofcmds)) else {
            throw fail("load commands (\(sizeofcmds) bytes) run past the end of the file (\(data.count) bytes)")
        }
        guard UInt64(ncmds) * 8 <= UInt64(sizeofcmds) else {
            throw fail("\(ncmds) load commands cannot fit in \(sizeofcmds) bytes")
        }
        var offset = headerSize
        for index in 0..<Int(ncmds) {
            let number = index + 1
            guard commandsEnd - offset >= 8 else {
                throw fail("load command \(number) starts past the \(sizeofcmds) bytes of load commands")
            }
            let cmd = try data.u32(offset, "load command")
            let cmdsize = try data.u32(offset + 4, "load command")
            guard cmdsize >= 8, cmdsize % 4 == 0 else {
                throw fail("load command \(number) has size \(cmdsize) (not a multiple of 4, at least 8)")
            }
            guard Int(cmdsize) <= commandsEnd - offset else {
                throw fail("load command \(number) (size \(cmdsize)) runs past the \(sizeofcmds) bytes of load commands")
            }
            let command = try data.window(offset, Int(cmdsize), "load command")
            try readCommand(cmd, command, number: number, into: &slice)
            offset += Int(cmdsize)
        }
        return slice
    }
}

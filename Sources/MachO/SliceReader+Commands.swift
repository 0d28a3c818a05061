extension SliceReader {
    /// The fixed size each known command needs (shorter is malformed).
    private static func minimumSize(_ cmd: UInt32) -> Int {
        switch cmd {
        case 0x1: 56          // LC_SEGMENT
        case 0x19: 72         // LC_SEGMENT_64
        case 0x2: 24          // LC_SYMTAB
        case 0xB: 80          // LC_DYSYMTAB
        case 0xC, 0xD, 0x8000_0018, 0x8000_001F, 0x20, 0x8000_0023: 24 // dylib commands
        case 0x1B: 24         // LC_UUID
        case 0x8000_001C: 12  // LC_RPATH
        case 0x1D, 0x8000_0034: 16 // LC_CODE_SIGNATURE, LC_DYLD_CHAINED_FIXUPS
        case 0x21: 20         // LC_ENCRYPTION_INFO
        case 0x2C: 24         // LC_ENCRYPTION_INFO_64
        case 0x24, 0x25, 0x2F, 0x30: 16 // LC_VERSION_MIN_*
        case 0x32: 24         // LC_BUILD_VERSION
        case 0x2A: 16         // LC_SOURCE_VERSION
        default: 8
        }
    }

    private static let dylibKinds: [UInt32: MachOLinkedLibrary.Kind] = [
        0xC: .load, 0x8000_0018: .weak, 0x8000_001F: .reexport, 0x20: .lazy, 0x8000_0023: .upward,
    ]

    private static let versionMinPlatforms: [UInt32: MachOPlatform] = [
        0x24: .macOS, 0x25: .iOS, 0x2F: .tvOS, 0x30: .watchOS,
    ]

    mutating func readCommand(_ cmd: UInt32, _ c: MachOBytes, number: Int, into slice: inout MachOSlice) throws(MachOError) {
        let what = "load command \(number)"
        guard c.count >= Self.minimumSize(cmd) else {
            throw fail("\(what) (0x\(String(cmd, radix: 16))) is \(c.count) bytes, too short for its kind")
        }
        switch cmd {
        case 0x1:
            slice.segments.append(MachOSegment(name: try c.fixedString(8, length: 16, what),
                                               vmSize: UInt64(try c.u32(28, what)), fileSize: UInt64(try c.u32(36, what))))
        case 0x19:
            slice.segments.append(MachOSegment(name: try c.fixedString(8, length: 16, what),
                                               vmSize: try c.u64(32, what), fileSize: try c.u64(48, what)))
        case 0x2:
            symtab = (Int(try c.u32(8, what)), Int(try c.u32(12, what)), Int(try c.u32(16, what)), Int(try c.u32(20, what)))
        case 0xB:
            undefinedRange = (Int(try c.u32(24, what)), Int(try c.u32(28, what)))
        case 0xD:
            let name = try dylibName(c, what)
            slice.installName = MachOInstallName(path: name.path, compatibilityVersion: name.compat, currentVersion: name.current)
        case let cmd where Self.dylibKinds[cmd] != nil:
            let name = try dylibName(c, what)
            slice.libraries.append(MachOLinkedLibrary(kind: Self.dylibKinds[cmd] ?? .load, path: name.path,
                                                      compatibilityVersion: name.compat, currentVersion: name.current))
        case 0x1B:
            if slice.uuid == nil { slice.uuid = Self.uuidText(Array(try c.slice(8, 16, what))) }
        case 0x8000_001C:
            slice.rpaths.append(try string(c, at: try c.u32(8, what), fixed: 12, what))
        case 0x1D:
            signature = try linkeditRange(c, what: "code signature")
        case 0x8000_0034:
            chainedFixups = try linkeditRange(c, what: "chained fixups")
        case 0x21, 0x2C:
            slice.cryptID = try c.u32(16, what)
        case let cmd where Self.versionMinPlatforms[cmd] != nil:
            slice.buildVersions.append(MachOBuildVersion(
                platform: Self.versionMinPlatforms[cmd] ?? .macOS, minimumOS: MachOVersion(rawValue: try c.u32(8, what)),
                sdk: MachOVersion(rawValue: try c.u32(12, what)), isVersionMin: true))
        case 0x32:
            slice.buildVersions.append(MachOBuildVersion(
                platform: MachOPlatform(rawValue: try c.u32(8, what)), minimumOS: MachOVersion(rawValue: try c.u32(12, what)),
                sdk: MachOVersion(rawValue: try c.u32(16, what))))
        case 0x2A:
            slice.sourceVersion = try c.u64(8, what)
        default:
            break
        }
    }

    private mutating func dylibName(_ c: MachOBytes, _ what: String) throws(MachOError)
        -> (path: String, compat: MachOVersion, current: MachOVersion) {
        let path = try string(c, at: try c.u32(8, what), fixed: 24, what)
        return (path, MachOVersion(rawValue: try c.u32(20, what)), MachOVersion(rawValue: try c.u32(16, what)))
    }

    /// The string a command points to: after its fixed part, NUL-terminated inside the command.
    private mutating func string(_ c: MachOBytes, at offset: UInt32, fixed: Int, _ what: String) throws(MachOError) -> String {
        guard offset >= fixed, offset < c.count else {
            throw fail("\(what) names a string at offset \(offset), outside its \(c.count) bytes")
        }
        do {
            return try c.cString(Int(offset), limit: c.count, budget: &nameBudget, "\(what)'s string")
        } catch {
            throw fail(error.message)
        }
    }

    /// A `linkedit_data_command`'s range, which must lie inside the slice.
    private func linkeditRange(_ c: MachOBytes, what: String) throws(MachOError) -> (offset: Int, size: Int) {
        let offset = try c.u32(8, what), size = try c.u32(12, what)
        guard data.contains(Int(offset), Int(size)) else {
            throw fail("\(what) at offset \(offset), \(size) bytes, lies outside the file (\(data.count) bytes)")
        }
        return (Int(offset), Int(size))
    }

    static func uuidText(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for (index, b) in bytes.enumerated() {
            if [4, 6, 8, 10].contains(index) { out.append(UInt8(ascii: "-")) }
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

import MachO
import TestSupport
import Testing

/// Every bound of the reader: hostile headers fail with one line, never a trap.
@Suite struct MachOHostileTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var message: String
        var testDescription: String { name }
    }

    static func le32(_ v: UInt32, at offset: Int, _ b: inout [UInt8]) {
        for i in 0..<4 { b[offset + i] = UInt8(truncatingIfNeeded: v >> (8 * i)) }
    }

    static func be32(_ v: UInt32, at offset: Int, _ b: inout [UInt8]) {
        for i in 0..<4 { b[offset + i] = UInt8(truncatingIfNeeded: v >> (8 * (3 - i))) }
    }

    /// A 64-bit image with the given commands, patched.
    static func image(_ commands: [MachOWriter.Command] = [], symbols: [MachOWriter.Symbol]? = nil,
                      signature: MachOWriter.Signature? = nil, chained: [String]? = nil,
                      _ patch: @escaping @Sendable (inout [UInt8]) -> Void = { _ in }) -> [UInt8] {
        var w = MachOWriter()
        w.commands = commands
        w.symbols = symbols
        w.signature = signature
        w.chainedImports = chained
        w.patch = patch
        return w.bytes()
    }

    /// Where the first linkedit byte is: after the header and the commands.
    static func dataStart(_ b: [UInt8]) -> Int { 32 + Int(b[20]) | Int(b[21]) << 8 }

    static let cases: [Case] = {
        var out: [Case] = []
        func add(_ name: String, _ bytes: [UInt8], _ message: String) { out.append(Case(name: name, bytes: bytes, message: message)) }
        let one = MachOWriter()
        add("empty", [], "too short for a Mach-O header (0 bytes)")
        add("not Mach-O", Array("<?xml version".utf8), "not a Mach-O file (magic 0x3c3f786d)")
        add("truncated header", Array(one.bytes().prefix(20)), "too short for a Mach-O header (20 bytes)")
        add("no architectures", [0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 0], "universal header lists no architectures")
        add("too many architectures", [0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 65],
            "universal header lists 65 architectures (at most 64)")
        add("fat header past the end", [0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 3] + [UInt8](repeating: 0, count: 20),
            "universal header lists 3 architectures but the file ends at 28 bytes")
        var fat = MachOWriter.universal([one, one], align: 64)
        be32(0xFFFF_FF00, at: 16, &fat)
        add("slice outside the file", fat,
            "architecture 1 (arm64) at offset 4294967040, \(one.bytes().count) bytes, lies outside the file (\(fat.count) bytes)")
        fat = MachOWriter.universal([one, one], align: 64)
        be32(8, at: 16, &fat)
        add("slice over the fat header", fat, "architecture 1 (arm64) at offset 8 overlaps the universal header")
        fat = MachOWriter.universal([one, one], align: 8)
        be32(40, at: 20, &fat)
        add("overlapping slices", fat, "architectures 1 and 2 overlap")
        var fat64 = MachOWriter.universal([one], fat64: true, align: 64)
        fat64[24] = 0xFF
        add("fat64 size overflow", fat64,
            "architecture 1 (arm64) at offset 64, \(0xFF00_0000_0000_0000 as UInt64 + 32) bytes, lies outside the file (\(fat64.count) bytes)")
        let nested = MachOWriter.universal([(0x0100_000C, 0, MachOWriter.universal([one]))])
        add("nested universal", nested, "architecture 1 (arm64) is itself a universal file")
        add("slice not Mach-O", MachOWriter.universal([(0x0100_000C, 0, Array("garbage!".utf8))]),
            "architecture 1 (arm64) is not Mach-O (magic 0x67617262)")
        add("slice too short", MachOWriter.universal([(0x0100_000C, 0, [0xCF, 0xFA])]),
            "architecture 1 (arm64) is too short for a header (2 bytes)")
        add("too many load commands", image { le32(100_000, at: 16, &$0) },
            "header declares 100000 load commands (at most 16384)")
        add("load commands past the end", image { le32(0xFFFF_0000, at: 20, &$0) },
            "load commands (4294901760 bytes) run past the end of the file (32 bytes)")
        add("commands cannot fit", image([.rpath("x")]) { le32(3, at: 16, &$0) }, "3 load commands cannot fit in 16 bytes")
        add("cmdsize too small", image([.rpath("x")]) { le32(4, at: 36, &$0) },
            "load command 1 has size 4 (not a multiple of 4, at least 8)")
        add("cmdsize past sizeofcmds", image([.rpath("x")]) { le32(24, at: 36, &$0) },
            "load command 1 (size 24) runs past the 16 bytes of load commands")
        add("command too short for its kind", image([.raw(cmd: 0x1B, body: [1, 2, 3, 4])]),
            "load command 1 (0x1b) is 16 bytes, too short for its kind")
        add("second command past sizeofcmds", image([.rpath("x"), .rpath("y"), .rpath("z")]) { le32(4, at: 16, &$0) },
            "load command 4 starts past the 48 bytes of load commands")
        add("string offset outside", image([.rpath("x")]) { le32(400, at: 40, &$0) },
            "load command 1 names a string at offset 400, outside its 16 bytes")
        add("string not terminated", image([.rpath("abcd")]) { for i in 48..<56 { $0[i] = 0x41 } },
            "load command 1's string is not NUL-terminated")
        add("symbol table outside", image(symbols: [.undefined("_a")]) { le32(0x7FFF_FFF0, at: 32 + 12, &$0) },
            "symbol table at offset \(32 + 24 + 80) (2147483632 symbols) lies outside the file (\(32 + 24 + 80 + 16 + 8) bytes)")
        add("string table outside", image(symbols: [.undefined("_a")]) { le32(0x100, at: 32 + 20, &$0) },
            "string table at offset \(32 + 24 + 80 + 16) (256 bytes) lies outside the file (\(32 + 24 + 80 + 24) bytes)")
        add("undefined range outside", image(symbols: [.undefined("_a")]) { le32(5, at: 32 + 24 + 28, &$0) },
            "undefined symbols 0+5 lie outside the 1 symbols")
        add("symbol name outside", image(symbols: [.undefined("_a")]) { le32(99, at: 32 + 24 + 80, &$0) },
            "symbol 0 names offset 99 outside its 8-byte string table")
        add("symbol name not terminated", image(symbols: [.undefined("_abcdef")]) {
            for i in (32 + 24 + 80 + 16)..<$0.count { $0[i] = 0x41 }
        }, "symbol 0's name is not NUL-terminated")
        add("code signature outside", image(signature: .init()) { le32(0x7000_0000, at: 32 + 8, &$0) },
            "code signature at offset 1879048192, \(image(signature: .init()).count - 48) bytes, lies outside the file (\(image(signature: .init()).count) bytes)")
        add("superblob magic", image(signature: .init()) { $0[48] = 0 }, "code signature is not a superblob (magic 0xde0cc0)")
        add("superblob length", image(signature: .init()) { be32(0x10_0000, at: 48 + 4, &$0) },
            "code signature declares 1048576 bytes but has \(image(signature: .init()).count - 48)")
        add("too many blobs", image(signature: .init()) { be32(1000, at: 48 + 8, &$0) },
            "code signature lists 1000 blobs (at most 64)")
        add("blob index past the signature", image(signature: .init()) { be32(60, at: 48 + 8, &$0) },
            "code signature's index of 60 blobs runs past its \(image(signature: .init()).count - 48) bytes")
        add("blob outside", image(signature: .init()) { be32(0xFFFF, at: 48 + 16, &$0) },
            "code signature blob 1 at offset 65535 lies outside the signature (\(image(signature: .init()).count - 48) bytes)")
        add("blob length past", image(signature: .init()) { be32(0xFFFF, at: 48 + 36 + 4, &$0) },
            "code signature blob 1 (65535 bytes at offset 36) runs past the signature")
        add("slot listed twice", image(signature: .init()) { be32(0, at: 48 + 20, &$0) },
            "code signature lists slot 0x0 twice")
        add("not a CodeDirectory", image(signature: .init()) { $0[48 + 36 + 3] = 0 },
            "code signature slot 0 holds magic 0xfade0c00, not a CodeDirectory")
        add("identifier outside", image(signature: .init()) { be32(5000, at: 48 + 36 + 20, &$0) },
            "CodeDirectory identifier at offset 5000 lies outside its 135 bytes")
        add("team outside", image(signature: .init()) { be32(5000, at: 48 + 36 + 48, &$0) },
            "CodeDirectory team id at offset 5000 lies outside its 135 bytes")
        add("chained header short", image(chained: []) { le32(8, at: 32 + 12, &$0) },
            "chained fixups header is 8 bytes (needs 28)")
        add("chained imports format", image(chained: ["_a"]) { le32(9, at: 48 + 20, &$0) },
            "chained fixups use an unknown imports format 9")
        add("chained imports outside", image(chained: ["_a"]) { le32(0x4000_0000, at: 48 + 16, &$0) },
            "chained fixups list 1073741824 imports at offset 28, outside their 36 bytes")
        add("chained name outside", image(chained: ["_a"]) { le32(0xFFFF_FE01, at: 48 + 28, &$0) },
            "chained import 0's name at offset 8388607 runs past the end (4 bytes)")
        return out
    }()

    @Test(arguments: cases) func hostileInputFailsWithOneLine(_ c: Case) {
        #expect(throws: MachOError(c.message)) { try MachOFile.parse(c.bytes) }
        #expect(!c.message.contains("\n"))
    }

    /// Every symbol of a big table naming the same long unterminated-looking string: the
    /// name budget stops the quadratic scan.
    @Test func nameBudgetBoundsRepeatedLongNames() {
        let long = String(repeating: "x", count: 60_000)
        let bytes = Self.image(symbols: [.undefined(long)] + (0..<2000).map { _ in .undefined("a") })
        let limits = MachOLimits(maxSlices: 64, maxLoadCommands: 16, maxSignatureBlobs: 8, maxNameBytes: 1 << 16,
                                 maxEntitlementsBytes: 1 << 16)
        // Point every symbol at the long name: 2001 × 60 KB scanned > file size + 64 KiB.
        var patched = bytes
        for i in 0...2000 { Self.le32(2, at: 32 + 24 + 80 + i * 16, &patched) }
        #expect(throws: MachOError("names exceed the reading budget (hostile symbol table?)")) {
            try MachOFile.parse(patched, limits: limits)
        }
        #expect((try? MachOFile.parse(bytes, limits: limits)) != nil)
    }

    /// Truncating a full image at every length never traps.
    @Test func everyTruncationFailsCleanly() {
        let bytes = MachOWriter.universal([MachOReaderTests.fullImage()], align: 16)
        for length in 0..<bytes.count {
            _ = try? MachOFile.parse(Array(bytes.prefix(length)))
        }
    }
}

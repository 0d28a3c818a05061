import Foundation
import MachO
import TestSupport
import Testing

/// `Fuzz/seeds/macho/` holds the MachOWriter fixtures `MachOFuzz` starts from; they must
/// stay what the writer makes and what the reader reads (regenerate with
/// `BUNDLEDIFF_UPDATE_GOLDEN=1`).
@Suite struct MachOSeedTests {
    static var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/seeds/macho")
    }

    static func seeds() -> [(String, [UInt8])] {
        let full = MachOReaderTests.fullImage()
        var x86 = MachOWriter()
        x86.cpuType = 0x0100_0007
        x86.cpuSubtype = 3
        x86.commands = [.buildVersion(platform: 1, minos: 0x0B_0000, sdk: 0x0E_0000), .uuid(Array(repeating: 7, count: 16)),
                        .dylib(cmd: 0xD, path: "@rpath/X.framework/X"), .segment("__TEXT", vmSize: 4096, fileSize: 4096)]
        x86.symbols = [.undefined("_stat"), .defined("_x")]
        var ppc = MachOWriter()
        ppc.cpuType = 18
        ppc.is64Bit = false
        ppc.bigEndian = true
        ppc.commands = [.versionMin(cmd: 0x24, version: 0x0A_0400, sdk: 0x0A_0500), .encryption(cryptid: 0)]
        ppc.symbols = [.undefined("_printf")]
        var adhoc = MachOWriter()
        adhoc.signature = .init(identifier: "a.out", teamID: nil, flags: 0x2_0002, hashTypes: [2])
        adhoc.chainedImports = ["_NSUserDefaults", "_statfs"]
        let archive = Array("!<arch>\n".utf8) + [UInt8](repeating: 0x20, count: 60)
        return [
            ("thin-arm64-signed", full.bytes()),
            ("thin-ppc-be32", ppc.bytes()),
            ("thin-adhoc-chained", adhoc.bytes()),
            ("fat-arm64-x86_64", MachOWriter.universal([full, x86], align: 16)),
            ("fat64-x86_64-ppc", MachOWriter.universal([x86, ppc], fat64: true, align: 16)),
            ("fat-archives", MachOWriter.universal([(0x0100_000C, 0, archive), (0x0100_0007, 3, archive)], align: 16)),
        ]
    }

    @Test func seedsAreTheWritersFixtures() throws {
        let update = ProcessInfo.processInfo.environment["BUNDLEDIFF_UPDATE_GOLDEN"] == "1"
        for (name, bytes) in Self.seeds() {
            #expect(throws: Never.self) { try MachOFile.parse(bytes) }
            let url = Self.folder.appendingPathComponent(name)
            if update {
                try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
                try Data(bytes).write(to: url)
            }
            #expect(try [UInt8](Data(contentsOf: url)) == bytes, "\(name) differs from MachOWriter's; BUNDLEDIFF_UPDATE_GOLDEN=1")
        }
    }
}

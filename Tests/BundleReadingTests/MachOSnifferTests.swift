@testable import BundleReading
import Foundation
import MachO
import Testing
import TestSupport

/// The sniffer keeps only the ranges the Mach-O reader needs as content streams past: a
/// 1 GiB binary costs its header, load commands and tables, and reads the facts a whole
/// read gives.
@Suite struct MachOSnifferTests {
    static func image() -> MachOWriter {
        var w = MachOWriter()
        w.commands = [.segment("__TEXT", vmSize: 0x4000, fileSize: 0x4000),
                      .buildVersion(platform: 2, minos: 0x000F_0000, sdk: 0x0011_0000),
                      .uuid(Array(0..<16)), .dylib(cmd: 0xC, path: "/usr/lib/libSystem.B.dylib")]
        w.symbols = [.defined("_main"), .undefined("_stat"), .undefined("_objc_msgSend")]
        w.signature = .init(identifier: "com.example.app")
        return w
    }

    /// `bytes` with `gap` zero bytes inserted after the load commands, the tables' offsets
    /// moved past it (as a linker lays out `__TEXT` before `__LINKEDIT`), streamed in
    /// `chunk`-byte pieces without ever holding the gap.
    static func stream(_ bytes: [UInt8], gap: Int, chunk: Int = 1 << 20) throws -> MachOSniffer {
        var moved = bytes
        let ncmds = Int(u32(moved, 16)), headerSize = 32
        var at = headerSize
        for _ in 0..<ncmds {
            let cmd = u32(moved, at), size = Int(u32(moved, at + 4))
            let fields: [Int] = switch cmd { case 0x2: [8, 16]; case 0x1D, 0x8000_0034: [8]; default: [] }
            for f in fields { put(&moved, at + f, u32(moved, at + f) + UInt32(gap)) }
            at += size
        }
        let commandsEnd = headerSize + Int(u32(moved, 20))
        var sniffer = MachOSniffer(considered: true, size: UInt64(moved.count + gap))
        feed(&sniffer, Array(moved[..<commandsEnd]), chunk: chunk)
        let zeros = [UInt8](repeating: 0, count: chunk)
        var left = gap
        while left > 0 {
            let n = min(left, chunk)
            zeros.withUnsafeBytes { sniffer.take(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
            left -= n
        }
        feed(&sniffer, Array(moved[commandsEnd...]), chunk: chunk)
        return sniffer
    }

    static func feed(_ sniffer: inout MachOSniffer, _ bytes: [UInt8], chunk: Int) {
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunk)
            bytes[start..<end].withUnsafeBytes { sniffer.take($0) }
            start = end
        }
    }

    static func u32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16 | UInt32(b[at + 3]) << 24
    }

    static func put(_ b: inout [UInt8], _ at: Int, _ v: UInt32) {
        for i in 0..<4 { b[at + i] = UInt8(truncatingIfNeeded: v >> (8 * i)) }
    }

    @Test func aGibibyteBinaryKeepsOnlyItsTables() throws {
        let bytes = Self.image().bytes()
        let whole = try MachOFile.parse(bytes, digest: SignatureDigest.machO)
        let sniffer = try Self.stream(bytes, gap: 1 << 30)
        #expect(sniffer.keptBytes <= bytes.count, "kept \(sniffer.keptBytes) bytes of a \(bytes.count + (1 << 30))-byte file")
        let facts = try #require(sniffer.facts())
        #expect(try facts.get() == whole)
        #expect(whole.slices.first?.importedSymbols == ["_objc_msgSend", "_stat"])
    }

    @Test func smallChunksAndUniversalFilesReadTheSameFacts() throws {
        var x86 = Self.image()
        x86.cpuType = 0x0100_0007
        x86.cpuSubtype = 3
        let fat = MachOWriter.universal([Self.image(), x86])
        for chunk in [1, 7, 4096, 1 << 20] {
            var sniffer = MachOSniffer(considered: true, size: UInt64(fat.count))
            Self.feed(&sniffer, fat, chunk: chunk)
            #expect(try sniffer.facts()?.get() == MachOFile.parse(fat, digest: SignatureDigest.machO), "chunk \(chunk)")
            #expect(sniffer.keptBytes < fat.count / 2, "chunk \(chunk): kept \(sniffer.keptBytes) of \(fat.count)")
            let thin = Self.image().bytes()
            var one = MachOSniffer(considered: true, size: UInt64(thin.count))
            Self.feed(&one, thin, chunk: chunk)
            #expect(try one.facts()?.get() == MachOFile.parse(thin, digest: SignatureDigest.machO), "chunk \(chunk)")
        }
    }

    @Test func aFileThatIsNotMachOKeepsNothing() {
        var sniffer = MachOSniffer(considered: true, size: 100_000)
        Self.feed(&sniffer, FixtureBuilder.bytes(100_000, seed: 4), chunk: 4096)
        #expect(sniffer.facts() == nil)
        #expect(sniffer.keptBytes == 0)
    }

    static let corpus = ProcessInfo.processInfo.environment["BUNDLEDIFF_CORPUS"]

    /// Every Mach-O file of the corpus reads the same facts (or fails with the same reason)
    /// streamed through the sniffer as read whole, keeping a part of its bytes.
    @Test(.enabled(if: corpus != nil, "set BUNDLEDIFF_CORPUS to stream the corpus' Mach-O files"))
    func corpusBinariesStreamToTheFactsOfAWholeRead() throws {
        let base = URL(fileURLWithPath: try #require(Self.corpus))
        let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey])
        var files = 0, total = 0, kept = 0
        while let url = walker?.nextObject() as? URL {
            let values = try url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
            guard values.isRegularFile == true, values.isSymbolicLink != true else { continue }
            let bytes = [UInt8](try Data(contentsOf: url))
            guard bytes.count >= 4, MachOFile.isMachO(prefix: bytes.prefix(8)) else { continue }
            var sniffer = MachOSniffer(considered: true, size: UInt64(bytes.count))
            Self.feed(&sniffer, bytes, chunk: 64 << 10)
            let whole = Result { () throws(MachOError) in try MachOFile.parse(bytes, digest: SignatureDigest.machO) }
            #expect(sniffer.facts() == whole, "\(url.path)")
            files += 1
            total += bytes.count
            kept += sniffer.keptBytes
        }
        print("corpus Mach-O streamed: \(files) files, kept \(kept) of \(total) bytes")
        #expect(files > 0)
    }
}

import BundleReading
import MachO
import PropertyLists
import TestSupport
import Testing

/// The reader against images the writer builds: every fact it records.
@Suite struct MachOReaderTests {
    static let entitlements = PlistValue.dictionary(PlistDictionary([
        ("get-task-allow", .boolean(false)),
        ("application-identifier", .string("ABCDE12345.com.example.app")),
        ("keychain-access-groups", .array([.string("ABCDE12345.*")])),
        ("com.apple.developer.associated-domains.count", .integer(PlistInteger(-300))),
    ]))

    static let entitlementsXML = Array("""
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>get-task-allow</key><false/>
        <key>application-identifier</key><string>ABCDE12345.com.example.app</string>
        <key>keychain-access-groups</key><array><string>ABCDE12345.*</string></array>
        <key>com.apple.developer.associated-domains.count</key><integer>-300</integer>
        </dict></plist>
        """.utf8)

    /// An arm64 iOS executable with every command the reader knows.
    static func fullImage() -> MachOWriter {
        var w = MachOWriter()
        w.commands = [
            .segment("__PAGEZERO", vmSize: 0x1_0000_0000, fileSize: 0),
            .segment("__TEXT", vmSize: 0x8000, fileSize: 0x8000),
            .buildVersion(platform: 2, minos: 0x0E_0000, sdk: 0x11_0201),
            .uuid(Array(0..<16)),
            .dylib(cmd: 0xC, path: "/usr/lib/libSystem.B.dylib", current: 0x0527_0000, compat: 0x10000),
            .dylib(cmd: 0x8000_0018, path: "/System/Library/Frameworks/AppTrackingTransparency.framework/AppTrackingTransparency"),
            .dylib(cmd: 0x8000_001F, path: "@rpath/Re.framework/Re"),
            .dylib(cmd: 0x20, path: "@rpath/Lazy.dylib"),
            .dylib(cmd: 0x8000_0023, path: "@rpath/Up.dylib"),
            .rpath("@executable_path/Frameworks"),
            .rpath("@loader_path/../Frameworks"),
            .encryption(cryptid: 1),
            .sourceVersion(1 << 40 | 2 << 30 | 3 << 20),
        ]
        w.symbols = [.defined("_main"), .undefined("_objc_msgSend"), .undefined("_stat"),
                     .undefined("_objc_msgSend"), MachOWriter.Symbol(name: "_common", type: 0x01, value: 8),
                     MachOWriter.Symbol(name: "debug", type: 0x24)]
        w.signature = .init(flags: 0x1_0000, entitlementsXML: entitlementsXML,
                            entitlementsDER: MachOWriter.derEntitlements(entitlements), cms: [0x30, 0x80, 0, 0])
        return w
    }

    @Test func thin64ReadsEveryFact() throws {
        let image = Self.fullImage()
        let file = try MachOFile.parse(image.bytes(), digest: SignatureDigest.machO)
        #expect(file.container == .thin)
        let s = try #require(file.slices.first)
        #expect(s.architecture == "arm64")
        #expect(s.fileType == .execute)
        #expect(s.is64Bit)
        #expect(s.buildVersions == [MachOBuildVersion(platform: .iOS, minimumOS: MachOVersion(major: 14),
                                                      sdk: MachOVersion(major: 17, minor: 2, patch: 1))])
        #expect(s.uuid == "00010203-0405-0607-0809-0A0B0C0D0E0F")
        #expect(s.libraries.map(\.kind) == [.weak, .load, .lazy, .reexport, .upward])
        #expect(s.libraries[1].currentVersion.description == "1319.0")
        #expect(s.libraries[1].compatibilityVersion.description == "1.0")
        #expect(s.rpaths == ["@executable_path/Frameworks", "@loader_path/../Frameworks"])
        #expect(s.cryptID == 1)
        #expect(s.sourceVersionText == "1.2.3.0.0")
        #expect(s.segments == [MachOSegment(name: "__PAGEZERO", vmSize: 0x1_0000_0000, fileSize: 0),
                               MachOSegment(name: "__TEXT", vmSize: 0x8000, fileSize: 0x8000)])
        #expect(s.importedSymbols == ["_objc_msgSend", "_stat"])
        let sig = try #require(s.codeSignature)
        #expect(sig.identifier == "com.example.app")
        #expect(sig.teamID == "ABCDE12345")
        #expect(sig.hasHardenedRuntime && !sig.isAdhoc)
        #expect(sig.hashType == .sha256)
        let signature = try #require(image.signature)
        #expect(sig.cdhash == MachOWriter.sha256CDHash(MachOWriter.codeDirectory(signature, hashType: 2)))
        #expect(sig.hasCMSSignature)
        #expect(sig.entitlementsXML?.value?["application-identifier"] == .string("ABCDE12345.com.example.app"))
        #expect(sig.entitlementsXML == sig.entitlementsDER)
        #expect(sig.entitlementsXML?.value?.dictionaryValue?.keys.first == "application-identifier")
    }

    @Test func thin32BigEndianAndVersionMin() throws {
        var w = MachOWriter()
        w.cpuType = 18
        w.cpuSubtype = 0
        w.is64Bit = false
        w.bigEndian = true
        w.fileType = 6
        w.commands = [.versionMin(cmd: 0x24, version: 0x0A_0600, sdk: 0x0A_0B00),
                      .dylib(cmd: 0xD, path: "/usr/lib/libfoo.dylib", current: 0x10203, compat: 0x10000),
                      .segment("__TEXT", vmSize: 0x1000, fileSize: 0x1000), .encryption(cryptid: 0)]
        w.symbols = [.undefined("_printf")]
        let s = try #require(try MachOFile.parse(w.bytes()).slices.first)
        #expect(s.architecture == "ppc" && !s.is64Bit && s.fileType == .dylib)
        #expect(s.buildVersions == [MachOBuildVersion(platform: .macOS, minimumOS: MachOVersion(major: 10, minor: 6),
                                                      sdk: MachOVersion(major: 10, minor: 11), isVersionMin: true)])
        #expect(s.installName?.currentVersion.description == "1.2.3")
        #expect(s.segments.first?.vmSize == 0x1000)
        #expect(s.cryptID == 0)
        #expect(s.importedSymbols == ["_printf"])
    }

    @Test(arguments: [false, true]) func universalListsEverySlice(fat64: Bool) throws {
        var arm = Self.fullImage()
        arm.cpuSubtype = 2
        var x86 = MachOWriter()
        x86.cpuType = 0x0100_0007
        x86.cpuSubtype = 3
        x86.commands = [.buildVersion(platform: 1, minos: 0x0B_0000, sdk: 0x0E_0000),
                        .buildVersion(platform: 6, minos: 0x0E_0000, sdk: 0x11_0000)]
        var i386 = MachOWriter()
        i386.cpuType = 7
        i386.cpuSubtype = 3
        i386.is64Bit = false
        let file = try MachOFile.parse(MachOWriter.universal([arm, x86, i386], fat64: fat64))
        #expect(file.container == (fat64 ? .fat64 : .fat))
        #expect(file.architectures == ["arm64e", "x86_64", "i386"])
        #expect(file.slices[1].buildVersions.map(\.platform) == [.macOS, .macCatalyst])
        #expect(file.slices[0].codeSignature?.identifier == "com.example.app")
    }

    @Test func staticArchiveSliceIsRecordedWithoutLoadCommands() throws {
        let archive = Array("!<arch>\n".utf8) + [UInt8](repeating: 0x20, count: 60)
        let file = try MachOFile.parse(MachOWriter.universal([(0x0100_000C, 0, archive), (0x0100_0007, 3, archive)]))
        #expect(file.architectures == ["arm64", "x86_64"])
        #expect(file.slices.allSatisfy { $0.isStaticArchive })
    }

    @Test func chainedFixupImportsWhenTheSymbolTableHasNone() throws {
        var w = MachOWriter()
        w.symbols = [.defined("_main")]
        w.chainedImports = ["_NSUserDefaults", "_OBJC_CLASS_$_NSUserDefaults", "_stat"]
        #expect(try MachOFile.parse(w.bytes()).slices[0].importedSymbols
                == ["_NSUserDefaults", "_OBJC_CLASS_$_NSUserDefaults", "_stat"])
        w.symbols = [.undefined("_fromSymtab")]
        #expect(try MachOFile.parse(w.bytes()).slices[0].importedSymbols == ["_fromSymtab"])
    }

    /// Imports are sorted by their UTF-8 bytes and listed once; names that are one string
    /// (canonically equivalent) are one import, as a set of strings makes them.
    @Test func importsAreSortedByBytesAndListedOnce() throws {
        var w = MachOWriter()
        w.symbols = ["_b", "_a_b", "_B", "_a", "_a", "_\u{7F}", "_caf\u{E9}", "_cafe\u{301}", "_\u{E9}t\u{E9}", "_a b"]
            .map { .undefined($0) }
        let imports = try MachOFile.parse(w.bytes()).slices[0].importedSymbols
        #expect(imports.count == 8)
        #expect(Array(imports.prefix(5)) == ["_B", "_a", "_a b", "_a_b", "_b"])
        #expect(imports[5].unicodeScalars.count == 5 && imports[5] == "_caf\u{E9}")  // the first one read
        #expect(Array(imports.suffix(2)) == ["_\u{7F}", "_\u{E9}t\u{E9}"])
        w.symbols = ["_z", "_y", "_z", "_x_"].map { .undefined($0) }
        #expect(try MachOFile.parse(w.bytes()).slices[0].importedSymbols == ["_x_", "_y", "_z"])
    }

    @Test func adhocSignatureWithSHA1Only() throws {
        var w = MachOWriter()
        w.signature = .init(identifier: "a.out", teamID: nil, flags: 0x2_0002, hashTypes: [1])
        let sig = try #require(try MachOFile.parse(w.bytes(), digest: SignatureDigest.machO).slices[0].codeSignature)
        #expect(sig.isAdhoc && !sig.hasCMSSignature && sig.teamID == nil)
        #expect(sig.hashType == .sha1)
        #expect(sig.cdhash?.count == 40)
        #expect(sig.entitlementsXML == nil && sig.entitlementsDER == nil)
    }

    @Test func damagedEntitlementsAreAFactNotAnError() throws {
        var w = MachOWriter()
        w.signature = .init(entitlementsXML: Array("<plist><dict><key>a</key>".utf8), entitlementsDER: [0x70, 0x01])
        let sig = try #require(try MachOFile.parse(w.bytes()).slices[0].codeSignature)
        guard case .undecodable = sig.entitlementsXML, case .undecodable = sig.entitlementsDER else {
            Issue.record("expected undecodable entitlements, got \(String(describing: sig.entitlementsXML))")
            return
        }
    }

    @Test func isMachOTellsMagic() {
        #expect(MachOFile.isMachO(prefix: MachOWriter().bytes()))
        #expect(MachOFile.isMachO(prefix: MachOWriter.universal([MachOWriter()])))
        // A Java class file shares 0xcafebabe; its version fields read as a huge count.
        #expect(!MachOFile.isMachO(prefix: [0xCA, 0xFE, 0xBA, 0xBE, 0x00, 0x00, 0x00, 0x34]))
        #expect(!MachOFile.isMachO(prefix: Array("!<arch>\n".utf8)))
        #expect(!MachOFile.isMachO(prefix: [0xCF, 0xFA]))
    }

    @Test func cpuNames() {
        let names = [(0x0100_000C, 0), (0x0100_000C, 2), (0x0100_000C, Int32(bitPattern: 0x8000_0002)), (0x0100_0007, 3),
                     (0x0100_0007, 8), (7, 3), (12, 9), (12, 11), (12, 12), (0x0200_000C, 1), (99, 1)]
            .map { MachOCPU(type: Int32($0.0), subtype: $0.1).name }
        #expect(names == ["arm64", "arm64e", "arm64e", "x86_64", "x86_64h", "i386", "armv7", "armv7s", "armv7k",
                          "arm64_32", "cpu-99-1"])
    }
}

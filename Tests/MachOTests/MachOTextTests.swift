import BundleReading
import MachO
import PropertyLists
import TestSupport
import Testing

/// The canonical text of the facts: its exact form and its round trip.
@Suite struct MachOTextTests {
    @Test func rendersOneFactPerLine() throws {
        var w = MachOWriter()
        w.commands = [.buildVersion(platform: 2, minos: 0x0E_0000, sdk: 0x11_0200), .uuid(Array(0..<16)),
                      .dylib(cmd: 0x8000_0018, path: "@rpath/B b.framework/B b"), .dylib(cmd: 0xC, path: "/usr/lib/libA.dylib"),
                      .rpath("@executable_path/Frameworks"), .segment("__TEXT", vmSize: 16384, fileSize: 16384)]
        w.symbols = [.undefined("_b"), .undefined("_a\u{202E}")]
        w.signature = .init(teamID: nil, flags: 0x2, hashTypes: [2],
                            entitlementsDER: MachOWriter.derEntitlements(.dictionary(PlistDictionary([("b", .boolean(true)), ("a", .array([.string("x")]))]))))
        let file = try MachOFile.parse(w.bytes(), digest: SignatureDigest.machO)
        let cdhash = try #require(file.slices[0].codeSignature?.cdhash)
        #expect(MachOText.render(file) == """
            bundlediff-macho 1
            container thin
            slice arm64 cpu 16777228 0 bits 64 type execute
            arm64 build-version iOS min 14.0 sdk 17.2
            arm64 uuid 00010203-0405-0607-0809-0A0B0C0D0E0F
            arm64 library load "/usr/lib/libA.dylib" compat 1.0 current 1.0
            arm64 library weak "@rpath/B b.framework/B b" compat 1.0 current 1.0
            arm64 rpath "@executable_path/Frameworks"
            arm64 segment "__TEXT" vmsize 16384 filesize 16384
            arm64 signature
            arm64 signature identifier "com.example.app"
            arm64 signature flags 0x2 adhoc
            arm64 signature hash-type sha256
            arm64 signature cdhash \(cdhash)
            arm64 entitlements-der
            arm64 entitlements-der a = array
            arm64 entitlements-der a[0] = "x"
            arm64 entitlements-der b = true
            arm64 import "_a\\u{202E}"
            arm64 import "_b"

            """)
    }

    @Test func roundTripsEveryFact() throws {
        var arm = MachOReaderTests.fullImage()
        arm.cpuSubtype = 2
        var again = MachOReaderTests.fullImage()
        again.cpuType = 0x0100_0007
        again.cpuSubtype = 3
        again.commands.append(.versionMin(cmd: 0x25, version: 0x09_0000, sdk: 0x0D_0000))
        again.signature?.entitlementsXML = Array("<plist><dict><key>a</key>".utf8)
        var archive = (cpuType: Int32(12), cpuSubtype: Int32(9), bytes: Array("!<arch>\n".utf8))
        archive.bytes += [UInt8](repeating: 0x20, count: 8)
        let universal = MachOWriter.universal([(arm.cpuType, arm.cpuSubtype, arm.bytes()),
                                               (again.cpuType, again.cpuSubtype, again.bytes()),
                                               (again.cpuType, again.cpuSubtype, again.bytes()), archive], fat64: true)
        for bytes in [arm.bytes(), universal] {
            let file = try MachOFile.parse(bytes, digest: SignatureDigest.machO)
            let text = MachOText.render(file)
            #expect(try MachOText.parse(text) == file)
        }
        let text = MachOText.render(try MachOFile.parse(universal, digest: SignatureDigest.machO))
        #expect(text.contains("\nslice x86_64#2 cpu 16777223 3 bits 64 type execute\n"))
        #expect(text.contains("\nslice armv7 cpu 12 9 bits 32 archive\n"))
        #expect(text.contains("\nx86_64 entitlements-xml-undecodable \""))
    }

    /// The bytes the snapshot stores: each slice's imports after its other lines (not all
    /// at the end), names that need quoting quoted, the rest copied; the same text as `render`.
    @Test func rendersImportsAsBytesPerSlice() throws {
        var arm = MachOWriter()
        arm.symbols = [.undefined("_t\tab"), .undefined("_q\"uote"), .undefined("_b\\s"), .undefined("_é")]
        var intel = MachOWriter()
        intel.cpuType = 0x0100_0007
        intel.cpuSubtype = 3
        intel.symbols = [.undefined("_plain")]
        let universal = MachOWriter.universal([(arm.cpuType, arm.cpuSubtype, arm.bytes()),
                                               (intel.cpuType, intel.cpuSubtype, intel.bytes())], fat64: false)
        let file = try MachOFile.parse(universal)
        let bytes = MachOText.renderBytes(file)
        #expect(String(decoding: bytes, as: UTF8.self) == """
            bundlediff-macho 1
            container fat
            slice arm64 cpu 16777228 0 bits 64 type execute
            arm64 import "_b\\\\s"
            arm64 import "_q\\"uote"
            arm64 import "_t\\tab"
            arm64 import "_é"
            slice x86_64 cpu 16777223 3 bits 64 type execute
            x86_64 import "_plain"

            """)
        #expect(bytes == Array(MachOText.render(file).utf8))
        #expect(try MachOText.parse(MachOText.render(file)) == file)
    }

    @Test(arguments: [
        ("", "Mach-O facts: missing final newline"),
        ("bundlediff-plist 1\n", "Mach-O facts: line 1: expected 'bundlediff-macho 1'"),
        ("bundlediff-macho 1\ncontainer lipo\n", "Mach-O facts: line 2: expected 'container thin|fat|fat64'"),
        ("bundlediff-macho 1\ncontainer thin\narm64 uuid X\n", "Mach-O facts: line 3: a fact outside its slice"),
        ("bundlediff-macho 1\ncontainer thin\nslice arm64 cpu 16777228 0 bits 64 type execute\narm64 colour red\n",
         "Mach-O facts: line 4: unknown fact 'colour'"),
        ("bundlediff-macho 1\ncontainer thin\nslice arm64 cpu 16777228 0 bits 64 type execute\narm64 rpath \"a\" b\n",
         "Mach-O facts: line 4: unexpected text 'b'"),
        ("bundlediff-macho 1\ncontainer thin\nslice arm64 cpu 16777228 0 bits 64 type execute\narm64 build-version iOS min 14.0.0 sdk 1.0\n",
         "Mach-O facts: line 4: bad version"),
        ("bundlediff-macho 1\ncontainer thin\nslice arm64 cpu 16777228 0 bits 64 type execute\narm64 import \"b\"\narm64 import \"a\"\n",
         "Mach-O facts: not in canonical form"),
        ("bundlediff-macho 1\ncontainer thin\nslice x86 cpu 16777228 0 bits 64 type execute\n",
         "Mach-O facts: not in canonical form"),
    ])
    func parseRejectsWhatRenderDoesNotWrite(_ text: String, _ message: String) {
        #expect(throws: MachOError(message)) { try MachOText.parse(text) }
    }
}

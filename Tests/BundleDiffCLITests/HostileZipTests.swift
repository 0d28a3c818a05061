import Foundation
import Testing
import TestSupport

/// Hostile archives recorded through the CLI: each is refused with one clear message
/// (exit 2), nothing is written (no history, nothing outside it) and nothing outside the
/// archive is read. See docs/reliability.md, "Hostile input".
@Suite struct HostileZipTests {
    /// A valid ipa with one more entry.
    func ipa(adding entry: ZipWriter.Entry, zip64: Bool = false) -> ZipWriter {
        var zip = FixtureBuilder.iOSApp(nested: false).ipa().zipWriter()
        zip.zip64 = zip64
        zip.add(entry)
        return zip
    }

    /// Records `zip` and expects the refusal `problem`, with no trace left anywhere.
    func expectRefused(_ zip: ZipWriter, _ problem: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try expectRefused(raw: zip.data(), problem, sourceLocation: sourceLocation)
    }

    /// Records the archive `bytes` and expects the refusal `problem`, with no trace left anywhere.
    func expectRefused(raw bytes: [UInt8], _ problem: String,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let sandbox = try HostileSandbox()
        let path = sandbox.inside + "/MyApp.ipa"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let before = try sandbox.listing()
        let r = sandbox.record(path)
        expectOneClearError(r, naming: path, problem, sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: sandbox.history), sourceLocation: sourceLocation)
        #expect(try sandbox.listing() == before, "something was written outside the history", sourceLocation: sourceLocation)
        try sandbox.expectCanaryNotRecorded(sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        ("../outside/canary.txt", "entry '../outside/canary.txt': path has a '..' component"),
        ("Payload/MyApp.app/../../../outside/x", "path has a '..' component"),
        ("/etc/passwd", "entry '/etc/passwd': absolute path"),
        ("Payload\\MyApp.app\\..\\..\\x", "name contains a backslash"),
        ("Payload/MyApp.app/./x", "path has an empty or '.' component"),
        ("Payload//MyApp.app/x", "path has an empty or '.' component"),
    ])
    func escapingEntryNames(name: String, problem: String) throws {
        try expectRefused(ipa(adding: .file(name, Array(HostileSandbox.secret.utf8))), problem)
    }

    /// A NUL inside a name (it would cut the name short in any C API).
    @Test func nulInAName() throws {
        let entry = ZipWriter.Entry(name: Array("Payload/MyApp.app/a".utf8) + [0] + Array("/../../x".utf8), data: [1])
        try expectRefused(ipa(adding: entry), "name contains a NUL byte")
    }

    /// An entry that claims 20 GiB (Zip64) is refused from the central directory alone,
    /// before a byte is inflated: over the 16 GiB default limit.
    @Test func declaredExpansionOverTheLimit() throws {
        var entry = ZipWriter.Entry.file("Payload/MyApp.app/huge.bin", [0])
        entry.declaredSize = 20 << 30
        try expectRefused(ipa(adding: entry, zip64: true),
                          "holds more than 17179869184 bytes of file content (the limit)")
    }

    /// 32 MiB of zeros deflated to ~32 KiB while the headers declare 4 KiB: inflating stops
    /// at the first chunk past the declared size.
    @Test func inflationBeyondTheDeclaredSize() throws {
        var entry = ZipWriter.Entry.file("Payload/MyApp.app/zeros.bin", [UInt8](repeating: 0, count: 32 << 20))
        entry.declaredSize = 4096
        try expectRefused(ipa(adding: entry),
                          "entry 'Payload/MyApp.app/zeros.bin': inflates beyond its declared size of 4096 bytes (zip bomb?)")
    }

    /// The overlapping-entries bomb: many central-directory records share one local file
    /// header and its data. Each record must match the local header's name.
    @Test func overlappingEntriesShareOneLocalHeader() throws {
        let sandbox = try HostileSandbox()
        let path = sandbox.inside + "/Overlap.ipa"
        try Data(Self.overlappingArchive(copies: 1_000)).write(to: URL(fileURLWithPath: path))
        let r = sandbox.record(path)
        expectOneClearError(r, naming: path, "local header name differs from the central directory (corrupt zip)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.history))
    }

    /// Symlink entries are recorded with their targets, never resolved: nothing is
    /// extracted, so a link out of the archive cannot be followed.
    @Test func symlinkEntriesOutOfTheArchive() throws {
        let sandbox = try HostileSandbox()
        var zip = FixtureBuilder.iOSApp(nested: false).ipa().zipWriter()
        zip.add(.symlink("Payload/MyApp.app/canary", target: sandbox.canary))
        zip.add(.symlink("Payload/MyApp.app/relative", target: "../../../outside/canary.txt"))
        zip.add(.symlink("Payload/MyApp.app/loop", target: "loop"))
        let path = sandbox.inside + "/Links.ipa"
        try zip.write(to: path)
        let before = try sandbox.listing()
        let r = sandbox.record(path)
        #expect(r.status == 0, "\(r.err)")
        #expect(try sandbox.listing() == before)
        try sandbox.expectCanaryNotRecorded()
        try sandbox.expectFsckClean()
        // A link as the app's Info.plist, and a target longer than any path, are refused.
        var linked = FixtureBuilder.iOSApp(nested: false).ipa()
        linked.remove("Payload/MyApp.app/Info.plist")
        var linkedZip = linked.zipWriter()
        linkedZip.add(.symlink("Payload/MyApp.app/Info.plist", target: "../../../outside/Info.plist"))
        try expectRefused(linkedZip, "Info.plist of Payload/MyApp.app is reachable only through symlink "
                          + "Payload/MyApp.app/Info.plist, which points outside the bundle")
        try expectRefused(ipa(adding: .symlink("Payload/MyApp.app/long", target: String(repeating: "a/", count: 4_000))),
                          "entry 'Payload/MyApp.app/long': symlink target is too long")
    }

    /// One local header `Payload/A.app/k` (1 MiB of zeros, deflated) and `copies`
    /// central-directory records `Payload/A.app/k0`… all pointing at it.
    static func overlappingArchive(copies: Int) -> [UInt8] {
        let zeros = [UInt8](repeating: 0, count: 1 << 20)
        let payload = ZipWriter.deflate(zeros)
        let crc = ZipWriter.crc(zeros)
        func header(_ signature: UInt32, _ name: [UInt8], central: Bool) -> [UInt8] {
            var h: [UInt8] = []
            func put(_ v: UInt64, _ n: Int) { for i in 0..<n { h.append(UInt8(truncatingIfNeeded: v >> (8 * i))) } }
            put(UInt64(signature), 4)
            if central { put(0x0314, 2) }
            put(20, 2); put(0, 2); put(8, 2); put(0, 4); put(UInt64(crc), 4)
            put(UInt64(payload.count), 4); put(UInt64(zeros.count), 4); put(UInt64(name.count), 2); put(0, 2)
            if central { put(0, 2); put(0, 2); put(0, 2); put(0o100644 << 16, 4); put(0, 4) }
            return h + name
        }
        var out = header(0x0403_4B50, Array("Payload/A.app/k".utf8), central: false) + payload
        let directoryOffset = out.count
        for i in 0..<copies { out += header(0x0201_4B50, Array("Payload/A.app/k\(i)".utf8), central: true) }
        let size = out.count - directoryOffset
        var end: [UInt8] = [0x50, 0x4B, 0x05, 0x06, 0, 0, 0, 0]
        for v in [UInt64(copies), UInt64(copies)] { end += [UInt8(v & 0xFF), UInt8(v >> 8)] }
        for v in [UInt64(size), UInt64(directoryOffset)] { end += (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        return out + end + [0, 0]
    }
}

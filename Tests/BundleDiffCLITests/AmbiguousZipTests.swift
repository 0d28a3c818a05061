import Foundation
import Testing
import TestSupport

/// Archives that other readers (`unzip`, Python's `zipfile`, a streaming reader) would read
/// differently, or reject: refused with one line naming the archive and the problem,
/// exit 2, nothing recorded. See docs/reliability.md, "Hostile input".
@Suite struct AmbiguousZipTests {
    let hostile = HostileZipTests()

    /// The fixture ipa with one more stored file, changed by `change`.
    func ipa(_ change: (inout ZipWriter.Entry) -> Void) -> ZipWriter {
        var entry = ZipWriter.Entry.file("Payload/MyApp.app/extra.bin", Array("some bytes".utf8), method: .stored)
        change(&entry)
        return hostile.ipa(adding: entry)
    }

    /// Writes `value` little-endian into `bytes` at `offset`.
    static func put(_ value: UInt32, _ count: Int, at offset: Int, in bytes: inout [UInt8]) {
        for i in 0..<count { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * i)) }
    }

    @Test func localHeaderDisagreesWithTheCentralDirectory() throws {
        try hostile.expectRefused(ipa { $0.patchLocalHeader = { Self.put(8, 2, at: 8, in: &$0) } },
                                  "entry 'Payload/MyApp.app/extra.bin': local header disagrees with the central "
                                  + "directory: method 8, not 0")
        try hostile.expectRefused(ipa { $0.patchLocalHeader = { Self.put(0xDEAD_BEEF, 4, at: 14, in: &$0) } },
                                  "local header disagrees with the central directory: CRC-32 3735928559, not")
        try hostile.expectRefused(ipa { $0.patchLocalHeader = { Self.put(4, 4, at: 22, in: &$0) } },
                                  "local header disagrees with the central directory: size 4, not 10")
        try hostile.expectRefused(ipa { $0.patchLocalHeader = { Self.put(0x0808, 2, at: 6, in: &$0) } },
                                  "local header disagrees with the central directory: flags 0x0008, not 0x0000")
    }

    /// Flag bit 3: zeros in the local header and the values in a descriptor after the
    /// data are how most tools stream zips: accepted. A descriptor that disagrees is not.
    @Test func dataDescriptors() throws {
        let sandbox = try HostileSandbox()
        let path = sandbox.inside + "/MyApp.ipa"
        try ipa { $0.dataDescriptor = true }.write(to: path)
        let r = sandbox.record(path)
        #expect(r.status == 0, "\(r.err)")
        try hostile.expectRefused(ipa { entry in
            entry.dataDescriptor = true
            entry.patchDescriptor = { Self.put(3, 4, at: 8, in: &$0) }
        }, "entry 'Payload/MyApp.app/extra.bin': data descriptor disagrees with the central directory")
    }

    /// A Zip64 field longer than its 28 bytes, and an extra field running past the extra
    /// data (Python's zipfile: "Corrupt extra field"), in a record that needs no Zip64.
    @Test func malformedExtraFields() throws {
        try hostile.expectRefused(ipa { $0.centralExtra = [0x01, 0x00, 40, 0x00] + [UInt8](repeating: 0xFF, count: 40) },
                                  "entry 'Payload/MyApp.app/extra.bin': oversized Zip64 extra field (40 bytes, at most 28)")
        try hostile.expectRefused(ipa { $0.centralExtra = [0x01, 0x00, 64, 0x00, 1, 2, 3, 4] },
                                  "corrupt extra field (it runs past the end of the extra data)")
    }

    /// The end record of a second archive hidden in the comment of the real one: readers
    /// searching from the end find `com.hidden.other`, `unzip` finds the real app.
    @Test func endRecordHiddenInTheComment() throws {
        var real = FixtureBuilder.iOSApp(nested: false).ipa().zipWriter(method: .stored).data()
        var hiddenZip = FixtureBuilder.iOSApp(identifier: "com.hidden.other", nested: false).ipa().zipWriter()
        hiddenZip.prefix = real
        let whole = hiddenZip.data()
        let comment = whole.count - real.count
        try #require(comment < 65_536)
        Self.put(UInt32(comment), 2, at: real.count - 2, in: &real)
        try hostile.expectRefused(raw: real + whole[real.count...],
                                  "corrupt zip: an end-of-central-directory record is hidden in the archive comment")
    }

    /// The end record counts one record fewer than the central directory holds (Python's
    /// zipfile reads them all).
    @Test func centralDirectoryHoldsMoreThanCounted() throws {
        var bytes = FixtureBuilder.iOSApp(nested: false).ipa().zipWriter().data()
        let end = bytes.count - 22
        let count = UInt32(bytes[end + 10]) | UInt32(bytes[end + 11]) << 8
        Self.put(count - 1, 2, at: end + 8, in: &bytes)
        Self.put(count - 1, 2, at: end + 10, in: &bytes)
        try hostile.expectRefused(raw: bytes, "the central directory holds more than the \(count - 1) records")
    }

    /// A stored entry whose data is the local header and data of the next entry, which the
    /// central directory lists too: the "quoted overlap" of overlapping zip bombs.
    @Test func quotedOverlapIsRefused() throws {
        let inner = ZipWriter.Entry.file("Payload/MyApp.app/inner.bin", Array("quoted".utf8), method: .stored)
        var quoted = inner
        quoted.quotedBy = Array("Payload/MyApp.app/outer.bin".utf8)
        var zip = hostile.ipa(adding: .file("Payload/MyApp.app/outer.bin", ZipWriter.localRecord(inner), method: .stored))
        zip.add(quoted)
        try hostile.expectRefused(zip, "entries 'Payload/MyApp.app/outer.bin' and 'Payload/MyApp.app/inner.bin' "
                                  + "overlap (bytes")
    }

    /// A CI artifact with one app in two configurations (`Debug-iphoneos/`, `Release-iphoneos/`):
    /// which is the build is not the archive's order to say, so it is refused, and nothing
    /// is recorded; two different apps still read.
    @Test func oneAppTwiceIsRefused() throws {
        let scratch = try ScratchDirectory("ambiguous-zip")
        let debug = FixtureBuilder.iOSApp(version: "341", nested: false).embedded(in: "Products/Debug-iphoneos")
        let release = FixtureBuilder.iOSApp(version: "342", nested: false).embedded(in: "Products/Release-iphoneos")
        let zip = try debug.merging(release).writeZip(to: scratch.path("artifact.zip"))
        let r = CLIHarness.run(["snapshot", zip, "--repo", scratch.path("h")])
        #expect(r.status == 2 && r.err.contains("2 copies of MyApp.app") && r.err.split(separator: "\n").count == 1, "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("h")))
        let other = FixtureBuilder.iOSApp(name: "Other", identifier: "com.example.other", nested: false)
        let two = try debug.merging(other.embedded(in: "Products/Debug-iphoneos")).writeZip(to: scratch.path("two.zip"))
        #expect(CLIHarness.run(["check", two]).status != 2)
    }

    /// 7-Zip and Windows write Deflate64, BZip2 or LZMA entries: refused in one line that
    /// names the method and how to zip again.
    @Test func anUnreadCompressionIsNamedWithTheFix() throws {
        let scratch = try ScratchDirectory("ambiguous-zip")
        let path = scratch.path("lzma.ipa")
        try ipa { $0.rawMethod = 14 }.write(to: path)
        let r = CLIHarness.run(["check", path])
        #expect(r.status == 2 && r.err.split(separator: "\n").count == 1, "\(r.err)")
        #expect(r.err.contains("unsupported compression (LZMA, method 14)") && r.err.contains("zip it again with deflate"), "\(r.err)")
    }
}

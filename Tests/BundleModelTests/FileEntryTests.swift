import BundleModel
import Testing

@Suite struct FileEntryTests {
    /// A build holds its 20,000 entries several times over (the snapshot, each bundle's
    /// list, the comparison): the one-byte fields come last, so no padding follows them,
    /// and a digest and a link's target share one field.
    @Test func anEntryTakesFiftySixBytes() {
        #expect(MemoryLayout<FileEntry>.stride == 56)
    }

    /// The shared field keeps each value apart: setting one clears only itself.
    @Test func digestAndTargetKeepTheirOwnValues() {
        let digest = SHA256Digest(bytes: [UInt8](repeating: 7, count: 32))
        var file = FileEntry(path: BundlePath("a"), kind: .file, size: 1, sha256: digest)
        #expect(file.sha256 == digest && file.symlinkTarget == nil)
        file.symlinkTarget = nil
        #expect(file.sha256 == digest)
        file.sha256 = nil
        #expect(file.sha256 == nil && file.symlinkTarget == nil)
        #expect(file == FileEntry(path: BundlePath("a"), kind: .file, size: 1))
        var link = FileEntry(path: BundlePath("l"), kind: .symlink, size: 1, symlinkTarget: [0x62])
        link.sha256 = nil
        #expect(link.symlinkTarget == [0x62] && link.sha256 == nil)
        link.symlinkTarget = [0x63]
        #expect(link.symlinkTarget == [0x63])
    }
}

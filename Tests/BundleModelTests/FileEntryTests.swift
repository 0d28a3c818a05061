import BundleModel
import Testing

@Suite struct FileEntryTests {
    /// A build holds its 20,000 entries several times over (the snapshot, each bundle's
    /// list, the comparison): the one-byte fields come last, so no padding follows them.
    @Test func anEntryTakesSixtyFourBytes() {
        #expect(MemoryLayout<FileEntry>.stride == 64)
    }
}

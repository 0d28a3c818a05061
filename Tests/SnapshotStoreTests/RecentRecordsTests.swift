import BundleModel
import Git
@testable import SnapshotStore
import Testing

/// The walk's table of records it decoded: an id finds its own record and no other's, and
/// an id that meets another in its slot replaces it (so the table never grows).
@Suite struct RecentRecordsTests {
    static func id(_ leading: UInt8, _ last: UInt8) -> ObjectID {
        ObjectID(bytes: [leading] + [UInt8](repeating: 0, count: 18) + [last])!
    }

    @Test func keepsFindsAndReplaces() {
        var table = RecentRecords(bits: 4)
        let a = Self.id(0x10, 1), b = Self.id(0x20, 1), sameSlotAsA = Self.id(0x10, 2)
        let empty: FileRecord.Decoded = (nil, 0)
        let digest = SHA256Digest(bytes: [UInt8](repeating: 7, count: 32))
        #expect(table.record(a) == nil)
        table.keep(a, (digest, 5))
        table.keep(b, empty)
        #expect(table.record(a)?.size == 5 && table.record(a)?.sha256 == digest)
        #expect(table.record(b)?.size == 0 && table.record(b)?.sha256 == nil)
        // Same leading bits, another id: not a's record, and keeping it replaces a's.
        #expect(table.record(sameSlotAsA) == nil)
        table.keep(sameSlotAsA, (nil, 9))
        #expect(table.record(sameSlotAsA)?.size == 9)
        #expect(table.record(a) == nil)
        #expect(table.record(b)?.size == 0)
    }
}

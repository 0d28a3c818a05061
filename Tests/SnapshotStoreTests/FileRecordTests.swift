import BundleModel
@testable import SnapshotStore
import Testing

/// File records are read as bytes now; they must read exactly as before (as `UInt64(_:)`
/// and `SHA256Digest(hex:)` read their text) and refuse the same malformed records.
@Suite struct FileRecordTests {
    @Test func recordsReadAsTheirText() throws {
        let digest = try #require(SHA256Digest(hex: String(repeating: "ab", count: 32)))
        let entry = FileEntry(path: BundlePath("a"), kind: .file, size: 1234, sha256: digest)
        let back = try #require(FileRecord.decode(FileRecord.encode(entry)))
        #expect(back.sha256 == digest && back.size == 1234)
        #expect(FileRecord.decode(Array("size 7\n".utf8)).map { $0.sha256 == nil && $0.size == 7 } == true)
        for size in ["0", "+5", "18446744073709551615", "18446744073709551616", "", "-1", "1x", " 1", "١"] {
            let decoded = FileRecord.decode(Array("size \(size)\n".utf8))?.size
            #expect(decoded == UInt64(size), "size \(size)")
        }
    }

    /// What recording keeps for the read made right after it (`FileRecord.decoded`) is what
    /// a read of the recorded blob decodes, for every digest and size.
    @Test func recordsKeptAtRecordingAreWhatTheBlobDecodes() throws {
        let digests = [nil, SHA256Digest(hex: String(repeating: "0", count: 64)), SHA256Digest(hex: String(repeating: "fe", count: 32))]
        for digest in digests {
            for size: UInt64 in [0, 1, 9, 10, 4096, UInt64(UInt32.max) + 1, .max] {
                let entry = FileEntry(path: BundlePath("a/b"), kind: .file, size: size, isExecutable: size % 2 == 1, sha256: digest)
                let decoded = try #require(FileRecord.decode(FileRecord.encode(entry)))
                let kept = FileRecord.decoded(entry)
                #expect(decoded.sha256 == kept.sha256 && decoded.size == kept.size, "\(size) \(String(describing: digest))")
            }
        }
    }

    @Test func malformedRecordsAreRefused() {
        for text in ["", "sha256 zz\nsize 1\n", "size 1\nother 2\n", "sha256 \(String(repeating: "0", count: 63))\nsize 1\n",
                     "Size 1\n", "size\u{301} 1\n", "sha256 \(String(repeating: "0", count: 64))\n"] {
            #expect(FileRecord.decode(Array(text.utf8)) == nil, "\(text.debugDescription)")
        }
    }
}

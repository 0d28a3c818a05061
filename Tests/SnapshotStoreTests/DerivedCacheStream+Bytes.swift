import Foundation
@testable import SnapshotStore

extension DerivedCacheStream {
    /// A stream over `bytes`, as the cache would give it: the bytes go to a file that is
    /// removed once open (the stream's descriptor keeps it until the stream goes).
    static func of(_ bytes: [UInt8]) -> DerivedCacheStream {
        var template = Array((NSTemporaryDirectory() + "/bundlediff-cache-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        precondition(fd >= 0, "mkstemp failed")
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        var written = 0
        bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let n = write(fd, raw.baseAddress! + written, raw.count - written)
                precondition(n > 0, "write failed")
                written += n
            }
        }
        lseek(fd, 0, SEEK_SET)
        guard let stream = DerivedCacheStream(fd: fd) else { preconditionFailure("not a cache file: \(bytes.count) bytes") }
        return stream
    }
}

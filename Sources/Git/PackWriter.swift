import COpenSSL
import CZlib

/// Builds a version-2 pack (no deltas) in memory: header, each object zlib-compressed,
/// SHA-1 trailer. Used to flush the objects a record queued in the in-memory backend
/// without libgit2's pack builder, which walks the whole commit (so it repacks every
/// object reachable from it, even those already stored) and searches for deltas.
struct PackWriter {
    private(set) var bytes: [UInt8] = []
    private var count: UInt32 = 0
    private let stream: UnsafeMutablePointer<z_stream>

    init() throws(GitError) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // Small objects dominate (file records, trees): a small hash table keeps the
        // per-object reset cheap.
        let rc = deflateInit2_(stream, 1, Z_DEFLATED, 15, 4, Z_DEFAULT_STRATEGY,
                               zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard rc == Z_OK else {
            stream.deallocate()
            throw GitError(code: .other(-1), operation: "pack new objects", message: "zlib deflateInit failed (\(rc))")
        }
        bytes = Array("PACK".utf8) + [0, 0, 0, 2, 0, 0, 0, 0]
    }

    /// Frees the compressor; call once when done.
    func close() {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Appends one object (type 1 commit, 2 tree, 3 blob, 4 tag).
    mutating func append(type: Int, data: UnsafeRawBufferPointer) throws(GitError) {
        var size = UInt64(data.count)
        var first = UInt8(type << 4) | UInt8(size & 0x0f)
        size >>= 4
        while size > 0 {
            bytes.append(first | 0x80)
            first = UInt8(size & 0x7f)
            size >>= 7
        }
        bytes.append(first)
        guard deflateReset(stream) == Z_OK else { throw zlibFailure("deflateReset") }
        let bound = Int(deflateBound(stream, uLong(data.count)))
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: bound))
        var rc: Int32 = Z_OK
        bytes.withUnsafeMutableBufferPointer { out in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: data.baseAddress?.assumingMemoryBound(to: Bytef.self))
            stream.pointee.avail_in = uInt(data.count)
            stream.pointee.next_out = out.baseAddress! + start
            stream.pointee.avail_out = uInt(bound)
            rc = deflate(stream, Z_FINISH)
        }
        guard rc == Z_STREAM_END else { throw zlibFailure("deflate (\(rc))") }
        bytes.removeLast(Int(stream.pointee.avail_out))
        count += 1
    }

    /// Fills in the object count and appends the SHA-1 trailer; returns the pack.
    mutating func finish() throws(GitError) -> [UInt8] {
        for i in 0..<4 { bytes[8 + i] = UInt8(truncatingIfNeeded: count >> (24 - 8 * UInt32(i))) }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let ok = bytes.withUnsafeBytes { raw in
            EVP_Digest(raw.baseAddress, raw.count, &digest, &length, EVP_sha1(), nil)
        }
        guard ok == 1, length == 20 else {
            throw GitError(code: .other(-1), operation: "pack new objects", message: "SHA-1 failed")
        }
        bytes.append(contentsOf: digest[0..<20])
        return bytes
    }

    private func zlibFailure(_ what: String) -> GitError {
        GitError(code: .other(-1), operation: "pack new objects", message: "zlib \(what) failed")
    }
}

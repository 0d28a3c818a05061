import COpenSSL
import CZlib

/// Builds the byte stream of a version-2 pack (no deltas) in memory: header, each object
/// zlib-compressed, SHA-1 trailer. `Repository.flushObjects()` hands it to libgit2's
/// indexer, which checks it and writes the pack and its index. Used instead of libgit2's
/// pack builder, which walks the whole commit (so it repacks every object reachable from
/// it, even those already stored) and searches for deltas.
struct PackWriter {
    private(set) var bytes: [UInt8] = []
    private var count: UInt32 = 0
    /// Objects smaller than this are stored (zlib level 0): most objects are file
    /// records of ~85 bytes of mostly hex, where compressing costs ~4 µs each (about
    /// 0.1 s per 20,000 files) to save ~25 bytes. Larger objects (trees, property
    /// lists) are compressed.
    static let storeBelow = 512

    private let store: UnsafeMutablePointer<z_stream>
    private let compress: UnsafeMutablePointer<z_stream>

    init() throws(GitError) {
        store = try Self.makeStream(level: 0)
        do {
            compress = try Self.makeStream(level: 6)
        } catch {
            Self.free(store)
            throw error
        }
        bytes = Array("PACK".utf8) + [0, 0, 0, 2, 0, 0, 0, 0]
    }

    private static func makeStream(level: Int32) throws(GitError) -> UnsafeMutablePointer<z_stream> {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // A small hash table keeps the per-object reset cheap.
        let rc = deflateInit2_(stream, level, Z_DEFLATED, 15, 4, Z_DEFAULT_STRATEGY,
                               zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard rc == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw GitError(code: .other(-1), operation: "pack new objects", message: "zlib deflateInit failed (\(rc))")
        }
        return stream
    }

    private static func free(_ stream: UnsafeMutablePointer<z_stream>) {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Frees the compressors; call once when done.
    func close() {
        Self.free(store)
        Self.free(compress)
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
        let stream = data.count < Self.storeBelow ? store : compress
        guard deflateReset(stream) == Z_OK else { throw zlibFailure("deflateReset") }
        let bound = Int(deflateBound(stream, uLong(data.count)))
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: bound))
        var rc: Int32 = Z_OK
        bytes.withUnsafeMutableBufferPointer { out in
            guard let base = out.baseAddress else { return }  // never empty: the header is there
            stream.pointee.next_in = UnsafeMutablePointer(mutating: data.baseAddress?.assumingMemoryBound(to: Bytef.self))
            stream.pointee.avail_in = uInt(data.count)
            stream.pointee.next_out = base + start
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
        bytes.append(contentsOf: try Self.sha1(bytes))
        return bytes
    }

    private static func sha1(_ data: [UInt8]) throws(GitError) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let ok = data.withUnsafeBytes { raw in
            EVP_Digest(raw.baseAddress, raw.count, &digest, &length, EVP_sha1(), nil)
        }
        guard ok == 1, length == 20 else {
            throw GitError(code: .other(-1), operation: "pack new objects", message: "SHA-1 failed")
        }
        return Array(digest[0..<20])
    }

    private func zlibFailure(_ what: String) -> GitError {
        GitError(code: .other(-1), operation: "pack new objects", message: "zlib \(what) failed")
    }
}

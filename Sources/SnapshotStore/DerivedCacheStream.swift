#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One derived-data cache file read a window at a time (`DerivedCache.stream`): a reader of
/// a 20,000-entry `files-` memo holds 64 KiB of it, not its 2 MB, while it decodes. The
/// closing sum is taken as the bytes arrive and checked once the reader is done
/// (`isIntact`), so what was decoded counts only if the whole file was right.
///
/// The reader only moves forward. Bytes it skips are still read, for the sum.
final class DerivedCacheStream {
    /// The bytes kept at a time, unless one field needs more.
    static let window = 64 << 10

    private let fd: Int32
    /// The file's size, and where the body (everything before the closing sum) ends.
    let size: Int
    private var bodyEnd: Int { size - 8 }
    private var buffer: UnsafeMutableRawPointer
    private var capacity: Int
    /// The file offset of `buffer`'s first byte, and how many bytes it holds.
    private var bufferStart = 0, held = 0
    /// The file offset the next read lands at.
    private var consumed = 0
    private var sum = DerivedCacheChecksum()
    /// The closing sum's bytes, as they were read.
    private var trailer: [UInt8] = []
    private var failed = false

    /// Takes `fd` (closed with this stream); nil when it is not a readable regular file of
    /// a size a cache file can have.
    init?(fd: Int32) {
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size >= 8,
              status.st_size < Int(Int32.max) else {
            close(fd)
            return nil
        }
        self.fd = fd
        size = Int(status.st_size)
        capacity = Self.window
        buffer = .allocate(byteCount: capacity, alignment: 16)
    }

    deinit {
        close(fd)
        buffer.deallocate()
    }

    /// At least `count` bytes starting at file offset `offset` (at or after every offset
    /// asked for before), in place until the next call; nil past the end of the file or
    /// when a read fails.
    func bytes(at offset: Int, count: Int) -> UnsafeRawBufferPointer? {
        guard !failed, offset >= bufferStart, count >= 0, count <= size - offset else { return nil }
        if offset + count > bufferStart + held {
            // Keep what is still ahead, read past anything skipped, then fill up.
            let keep = max(0, bufferStart + held - offset)
            if keep > 0 { buffer.copyMemory(from: buffer + (offset - bufferStart), byteCount: keep) }
            bufferStart = offset
            held = keep
            while consumed < offset {
                guard fill(at: 0, upTo: min(capacity, offset - consumed)) != nil else { return fail() }
            }
            if count > capacity { grow(to: count) }
            while held < count {
                guard let n = fill(at: held, upTo: min(capacity, size - bufferStart) - held) else { return fail() }
                held += n
            }
        }
        return UnsafeRawBufferPointer(start: buffer + (offset - bufferStart), count: bufferStart + held - offset)
    }

    /// Whether the whole file was read without error and its closing sum is right. Reads
    /// what is left of it first.
    func isIntact() -> Bool {
        guard bytes(at: size, count: 0) != nil, trailer.count == 8 else { return false }
        let stored = trailer.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
        return stored == sum.finish()
    }

    /// Reads up to `limit` more bytes of the file into the buffer at `at`, adding them to
    /// the sum (or to the trailer); the count read, or nil at an early end or an error.
    private func fill(at: Int, upTo limit: Int) -> Int? {
        guard limit > 0 else { return nil }
        while true {
            #if canImport(Glibc)
            let n = Glibc.read(fd, buffer + at, limit)
            #else
            let n = Darwin.read(fd, buffer + at, limit)
            #endif
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return nil }
            let start = consumed
            let chunk = UnsafeRawBufferPointer(start: buffer + at, count: n)
            let body = max(0, min(n, bodyEnd - start))
            sum.update(UnsafeRawBufferPointer(rebasing: chunk[0..<body]))
            trailer.append(contentsOf: chunk[body...])
            consumed = start + n
            return n
        }
    }

    private func grow(to count: Int) {
        let larger = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
        larger.copyMemory(from: buffer, byteCount: held)
        buffer.deallocate()
        buffer = larger
        capacity = count
    }

    private func fail() -> UnsafeRawBufferPointer? {
        failed = true
        return nil
    }
}

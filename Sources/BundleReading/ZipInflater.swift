import CZlib

/// A raw-deflate (no zlib header) decompressor over zlib, reused across entries.
/// The `z_stream` lives at a fixed address, as zlib requires.
final class ZipInflater {
    private let stream: UnsafeMutablePointer<z_stream>
    private var ready = false

    init?() {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let rc = inflateInit2_(stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard rc == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            return nil
        }
        ready = true
    }

    deinit {
        if ready { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    func reset() { inflateReset(stream) }

    enum Step {
        /// Bytes produced into the output; `finished` when the deflate stream ended.
        case produced(Int, finished: Bool, consumedAll: Bool)
        case corrupt(String)
    }

    /// Sets new input (the caller keeps it alive until `consumedAll`).
    func setInput(_ input: UnsafeMutableRawPointer, count: Int) {
        stream.pointee.next_in = input.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_in = uInt(count)
    }

    /// Inflates as much as fits into `output`.
    func step(into output: UnsafeMutableRawPointer, capacity: Int) -> Step {
        stream.pointee.next_out = output.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(capacity)
        let rc = inflate(stream, Z_NO_FLUSH)
        let produced = capacity - Int(stream.pointee.avail_out)
        let consumedAll = stream.pointee.avail_in == 0
        switch rc {
        case Z_OK: return .produced(produced, finished: false, consumedAll: consumedAll)
        case Z_STREAM_END: return .produced(produced, finished: true, consumedAll: consumedAll)
        case Z_BUF_ERROR: return .produced(produced, finished: false, consumedAll: consumedAll)
        default:
            let detail = stream.pointee.msg.map { String(cString: $0) } ?? "error \(rc)"
            return .corrupt(detail)
        }
    }
}

import PropertyLists

/// The byte layout shared by the derived-data cache files of a memo (`SnapshotTreeMemo+Cache`,
/// `SnapshotTreeMemo+PlistCache`): little-endian fixed-width numbers, runs of bytes with a
/// u32 length, and a closing 64-bit sum of every byte before it (`checksum`). They are read
/// a window at a time (`DerivedCacheStream`), never whole.
enum DerivedCacheBytes {
    /// Appends `value` little-endian.
    static func put<T: FixedWidthInteger>(_ value: T, _ out: inout [UInt8]) {
        out.appendLittleEndian(value)
    }

    /// Appends a u32 length and `bytes`.
    static func putRun(_ bytes: some Collection<UInt8>, _ out: inout [UInt8]) {
        out.appendRun(bytes)
    }

    /// The sum of `bytes` (`DerivedCacheChecksum`).
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.withUnsafeBytes(checksum)
    }

    /// The same sum over bytes in place.
    static func checksum(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        var sum = DerivedCacheChecksum()
        sum.update(raw)
        return sum.finish()
    }

    /// The body of the file `stream` (between `magic` and the closing sum), when it starts
    /// with `magic`; nil otherwise. Its sum is checked at the end (`Reader.isIntact`).
    static func body(_ stream: DerivedCacheStream, magic: [UInt8]) -> Reader? {
        guard stream.size >= magic.count + 8, let head = stream.bytes(at: 0, count: magic.count),
              head.starts(with: magic) else { return nil }
        return Reader(stream: stream, at: magic.count, end: stream.size - 8)
    }

    /// Reads fixed-width numbers and runs of bytes of a cache file up to `end`, failing
    /// (nil) past it. The bytes it gives are in place until the next read.
    struct Reader {
        /// The file's bytes in memory, from file offset `windowStart` up to `windowEnd`.
        private var window: UnsafeRawPointer?
        private var windowStart: Int, windowEnd: Int
        private(set) var offset: Int
        let end: Int
        private let stream: DerivedCacheStream

        init(stream: DerivedCacheStream, at offset: Int, end: Int) {
            window = nil
            windowStart = offset
            windowEnd = offset
            self.offset = offset
            self.end = end
            self.stream = stream
        }

        /// Whether the file was whole and undamaged: its closing sum is right. Until this
        /// is true, what the reader gave may come from a damaged file.
        func isIntact() -> Bool { stream.isIntact() }

        /// The next `count` bytes, reading more of the file when the window ends before
        /// them; nil past `end`.
        private mutating func next(_ count: Int) -> UnsafeRawBufferPointer? {
            guard count > 0 else { return count == 0 ? UnsafeRawBufferPointer(start: nil, count: 0) : nil }
            guard count <= end - offset else { return nil }
            if offset + count > windowEnd {
                guard let bytes = stream.bytes(at: offset, count: count) else { return nil }
                window = bytes.baseAddress
                windowStart = offset
                windowEnd = offset + bytes.count
            }
            guard let window else { return nil }
            return UnsafeRawBufferPointer(start: window + (offset - windowStart), count: count)
        }

        /// Bytes left before `end`.
        var remaining: Int { end - offset }

        /// Passes over the next `count` bytes; false, without moving, past `end`.
        mutating func skip(_ count: Int) -> Bool {
            guard count >= 0, count <= end - offset else { return false }
            offset += count
            return true
        }

        /// A run read as UTF-8 text (the cache only holds text that was valid when written).
        mutating func string() -> String? {
            guard let length = u32() else { return nil }
            return withBytes(Int(length)) { String(decoding: $0, as: UTF8.self) }
        }

        mutating func number<T: FixedWidthInteger>(_: T.Type) -> T? {
            let size = MemoryLayout<T>.size
            guard let at = next(size) else { return nil }
            offset += size
            return T(littleEndian: at.loadUnaligned(as: T.self))
        }

        /// The next `count` bytes, in place.
        mutating func withBytes<R>(_ count: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
            guard let run = next(count) else { return nil }
            defer { offset += count }
            return run.withMemoryRebound(to: UInt8.self, body)
        }

        /// A u32 length, then that many bytes, copied into an array of their own.
        mutating func runArray() -> [UInt8]? {
            guard let length = u32() else { return nil }
            return withBytes(Int(length)) { Array($0) }
        }

        /// The next `count` bytes, copied into an array of their own a window at a time (a
        /// long run is not held twice: the stream's window does not grow for it).
        mutating func array(_ count: Int) -> [UInt8]? {
            guard count >= 0, count <= end - offset else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(count)
            while out.count < count {
                guard withBytes(min(count - out.count, DerivedCacheStream.window), { out.append(contentsOf: $0) }) != nil else {
                    return nil
                }
            }
            return out
        }

        mutating func u8() -> UInt8? { number(UInt8.self) }
        mutating func u32() -> UInt32? { number(UInt32.self) }
        mutating func u64() -> UInt64? { number(UInt64.self) }
    }
}

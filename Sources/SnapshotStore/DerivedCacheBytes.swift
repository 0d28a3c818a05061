/// The byte layout shared by the derived-data cache files of a memo (`SnapshotTreeMemo+Cache`,
/// `SnapshotTreeMemo+PlistCache`): little-endian fixed-width numbers, runs of bytes with a
/// u32 length, and a closing 64-bit sum of every byte before it (`checksum`).
enum DerivedCacheBytes {
    /// Appends `value` little-endian.
    static func put<T: FixedWidthInteger>(_ value: T, _ out: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) }
    }

    /// Appends a u32 length and `bytes`.
    static func putRun(_ bytes: some Collection<UInt8>, _ out: inout [UInt8]) {
        put(UInt32(bytes.count), &out)
        out.append(contentsOf: bytes)
    }

    /// The sum of `bytes`: FNV-1a 64-bit taken over little-endian 64-bit words rather than
    /// single bytes, in four lanes (word `i` of each 32-byte block goes to lane `i`; the words
    /// after the last whole block to lane 0, the last word zero-padded), then the lanes in
    /// order and the byte count: the lanes' multiplies do not wait for one another, and a
    /// cut or changed file changes the sum as a single lane's would.
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.withUnsafeBytes(checksum)
    }

    /// The same sum over bytes in place.
    static func checksum(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01b3
        let basis: UInt64 = 0xcbf2_9ce4_8422_2325
        var (a, b, c, d) = (basis, basis ^ 1, basis ^ 2, basis ^ 3)
        func word(_ i: Int) -> UInt64 { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)) }
        let words = raw.count / 8, blocks = words / 4
        for k in 0..<blocks {
            a = (a ^ word(4 * k)) &* prime
            b = (b ^ word(4 * k + 1)) &* prime
            c = (c ^ word(4 * k + 2)) &* prime
            d = (d ^ word(4 * k + 3)) &* prime
        }
        for i in (blocks * 4)..<words { a = (a ^ word(i)) &* prime }
        var tail: UInt64 = 0
        for (shift, byte) in raw[(words * 8)...].enumerated() { tail |= UInt64(byte) << (8 * shift) }
        if raw.count % 8 != 0 { a = (a ^ tail) &* prime }
        let lanes = (((a ^ b) &* prime ^ c) &* prime ^ d) &* prime
        return (lanes ^ UInt64(raw.count)) &* prime
    }

    /// The bytes between `magic` and the closing sum, when `bytes` starts with `magic` and
    /// ends with the right sum; nil otherwise. The reader points into `bytes`: it is used
    /// only while they are held (inside the caller's `withUnsafeBytes`), which spares a
    /// retain and a release of the array for every field read.
    static func body(_ bytes: UnsafeRawBufferPointer, magic: [UInt8]) -> Reader? {
        guard bytes.count >= magic.count + 8, bytes.starts(with: magic) else { return nil }
        let end = bytes.count - 8
        var sum = Reader(bytes: bytes, at: end, end: bytes.count)
        guard sum.u64() == checksum(UnsafeRawBufferPointer(rebasing: bytes[..<end])) else { return nil }
        return Reader(bytes: bytes, at: magic.count, end: end)
    }

    /// Reads fixed-width numbers and runs of bytes up to `end`, failing (nil) past it.
    struct Reader {
        let bytes: UnsafeRawBufferPointer
        private(set) var offset: Int
        let end: Int

        init(bytes: UnsafeRawBufferPointer, at offset: Int, end: Int) {
            self.bytes = bytes
            self.offset = offset
            self.end = end
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
            guard size <= end - offset else { return nil }
            let value = T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
            offset += size
            return value
        }

        /// The next `count` bytes, in place.
        mutating func withBytes<R>(_ count: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
            guard count >= 0, count <= end - offset else { return nil }
            defer { offset += count }
            let run = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
            return run.withMemoryRebound(to: UInt8.self, body)
        }

        /// A u32 length, then that many bytes, copied into an array of their own.
        mutating func runArray() -> [UInt8]? {
            guard let length = u32() else { return nil }
            return withBytes(Int(length)) { Array($0) }
        }

        mutating func u8() -> UInt8? { number(UInt8.self) }
        mutating func u32() -> UInt32? { number(UInt32.self) }
        mutating func u64() -> UInt64? { number(UInt64.self) }
    }
}

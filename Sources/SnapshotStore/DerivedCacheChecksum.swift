/// The closing sum of a derived-data cache file (`DerivedCacheBytes.checksum`), taken as
/// the bytes arrive: a file read a window at a time is summed without being held whole.
///
/// FNV-1a 64-bit over little-endian 64-bit words rather than single bytes, in four lanes
/// (word `i` of each 32-byte block goes to lane `i`; the words after the last whole block
/// to lane 0, the last word zero-padded), then the lanes in order and the byte count: the
/// lanes' multiplies do not wait for one another, and a cut or changed file changes the
/// sum as a single lane's would.
struct DerivedCacheChecksum {
    private static let prime: UInt64 = 0x0000_0100_0000_01b3
    private static let basis: UInt64 = 0xcbf2_9ce4_8422_2325
    private var a = basis, b = basis ^ 1, c = basis ^ 2, d = basis ^ 3
    /// The bytes after the last whole block fed so far (fewer than 32).
    private var pending: [UInt8] = []
    /// How many bytes were fed.
    private(set) var count = 0

    /// Adds `raw` to the sum.
    mutating func update(_ raw: UnsafeRawBufferPointer) {
        count += raw.count
        var from = 0
        if !pending.isEmpty {
            let take = Swift.min(32 - pending.count, raw.count)
            pending.append(contentsOf: raw[0..<take])
            from = take
            guard pending.count == 32 else { return }
            pending.withUnsafeBytes { blocks($0) }
            pending.removeAll(keepingCapacity: true)
        }
        let whole = (raw.count - from) / 32 * 32
        blocks(UnsafeRawBufferPointer(rebasing: raw[from..<(from + whole)]))
        pending.append(contentsOf: raw[(from + whole)...])
    }

    /// The sum of everything fed.
    func finish() -> UInt64 {
        let prime = Self.prime
        var a = a
        pending.withUnsafeBytes { raw in
            let words = raw.count / 8
            for i in 0..<words {
                a = (a ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))) &* prime
            }
            var tail: UInt64 = 0
            for (shift, byte) in raw[(words * 8)...].enumerated() { tail |= UInt64(byte) << (8 * shift) }
            if raw.count % 8 != 0 { a = (a ^ tail) &* prime }
        }
        let lanes = (((a ^ b) &* prime ^ c) &* prime ^ d) &* prime
        return (lanes ^ UInt64(count)) &* prime
    }

    /// Runs the four lanes over `raw`, a whole number of 32-byte blocks.
    private mutating func blocks(_ raw: UnsafeRawBufferPointer) {
        let prime = Self.prime
        var (a, b, c, d) = (a, b, c, d)
        func word(_ i: Int) -> UInt64 { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)) }
        for k in 0..<(raw.count / 32) {
            a = (a ^ word(4 * k)) &* prime
            b = (b ^ word(4 * k + 1)) &* prime
            c = (c ^ word(4 * k + 2)) &* prime
            d = (d ^ word(4 * k + 3)) &* prime
        }
        (self.a, self.b, self.c, self.d) = (a, b, c, d)
    }
}

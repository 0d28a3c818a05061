import TextSafety

/// A SHA-256 digest (32 bytes), printed as lowercase hex.
///
/// The bytes are held inline as four words read big-endian: a recorded build has one
/// digest per file, and an array per digest cost an allocation each time 20,000 of them
/// were loaded. Comparing the words in order compares the bytes in order.
public struct SHA256Digest: Hashable, Sendable, Comparable, CustomStringConvertible {
    private let w0, w1, w2, w3: UInt64

    /// The 32 bytes, in order.
    public var bytes: [UInt8] {
        withUnsafeBytes(of: (w0.bigEndian, w1.bigEndian, w2.bigEndian, w3.bigEndian)) { Array($0) }
    }

    /// Wraps a SHA-256 output: 32 bytes (shorter input reads as zero-padded, longer as cut
    /// to 32; every caller passes a hash's 32 bytes).
    public init(bytes: some Collection<UInt8>) {
        (w0, w1, w2, w3) = bytes.withContiguousStorageIfAvailable(Self.words) ?? Array(bytes).withUnsafeBufferPointer(Self.words)
    }

    /// The same for a slice read in place (a derived-cache record): not generic, so a
    /// caller in another module does not go through the collection's witnesses per byte.
    public init(bytes: ArraySlice<UInt8>) {
        (w0, w1, w2, w3) = bytes.withUnsafeBufferPointer(Self.words)
    }

    /// The same for bytes read in place through a pointer.
    public init(buffer: UnsafeBufferPointer<UInt8>) {
        (w0, w1, w2, w3) = Self.words(buffer)
    }

    private static func words(_ b: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64, UInt64, UInt64) {
        if b.count >= 32 {
            let raw = UnsafeRawBufferPointer(b)
            func word(_ k: Int) -> UInt64 { UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: k * 8, as: UInt64.self)) }
            return (word(0), word(1), word(2), word(3))
        }
        func word(_ k: Int) -> UInt64 {
            var w: UInt64 = 0
            for i in (k * 8)..<(k * 8 + 8) { w = w << 8 | UInt64(i < b.count ? b[i] : 0) }
            return w
        }
        return (word(0), word(1), word(2), word(3))
    }

    /// Parses 64 hex digits; nil for anything else.
    public init?(hex: some StringProtocol) {
        guard let words = Array(hex.utf8).withUnsafeBufferPointer(Self.hexWords) else { return nil }
        (w0, w1, w2, w3) = words
    }

    /// Parses 64 hex digits given as UTF-8 bytes in place (a stored file record's line),
    /// each word straight from its 16 digits (a walk of a recorded build parses one digest
    /// per file; through an array of bytes, each cost an allocation); nil for anything else.
    public init?(hexDigits utf8: UnsafeBufferPointer<UInt8>) {
        guard let words = Self.hexWords(utf8) else { return nil }
        (w0, w1, w2, w3) = words
    }

    private static func hexWords(_ d: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64, UInt64, UInt64)? {
        guard d.count == 64, let base = d.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        // Each word from its 16 digits, eight at a time (`Hex.value(ofEightDigits:)`).
        func word(_ k: Int) -> UInt64? {
            func half(_ offset: Int) -> UInt32? {
                Hex.value(ofEightDigits: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            }
            guard let high = half(k * 16), let low = half(k * 16 + 8) else { return nil }
            return UInt64(high) << 32 | UInt64(low)
        }
        guard let a = word(0), let b = word(1), let c = word(2), let e = word(3) else { return nil }
        return (a, b, c, e)
    }

    public var description: String { Hex.encode(bytes) }

    public static func < (a: SHA256Digest, b: SHA256Digest) -> Bool {
        (a.w0, a.w1, a.w2, a.w3) < (b.w0, b.w1, b.w2, b.w3)
    }
}

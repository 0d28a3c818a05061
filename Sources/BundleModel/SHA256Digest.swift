import TextSafety

/// A SHA-256 digest (32 bytes), printed as lowercase hex.
public struct SHA256Digest: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// Parses 64 hex digits; nil for anything else.
    public init?(hex: some StringProtocol) {
        guard let bytes = Hex.decode(hex, byteCount: 32) else { return nil }
        self.bytes = bytes
    }

    /// Parses 64 hex digits given as UTF-8 bytes (a stored file record's line, read in
    /// place); nil for anything else.
    public init?(hexDigits utf8: ArraySlice<UInt8>) {
        guard let bytes = Hex.decode(utf8: utf8, byteCount: 32) else { return nil }
        self.bytes = bytes
    }

    public var description: String { Hex.encode(bytes) }

    public static func < (a: SHA256Digest, b: SHA256Digest) -> Bool {
        a.bytes.lexicographicallyPrecedes(b.bytes)
    }
}

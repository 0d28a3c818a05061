import CLibgit2
import TextSafety

/// A git object id (SHA-1, 20 bytes), printed as 40 lowercase hex digits.
public struct ObjectID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The 20 raw bytes.
    public let bytes: [UInt8]

    /// The id of the empty tree (`4b825dc…`), the same in every repository.
    public static let emptyTree = ObjectID(trusted: [
        0x4b, 0x82, 0x5d, 0xc6, 0x42, 0xcb, 0x6e, 0xb9, 0xa0, 0x60,
        0xe5, 0x4b, 0xf8, 0xd6, 0x92, 0x88, 0xfb, 0xee, 0x49, 0x04,
    ])

    private init(trusted bytes: [UInt8]) { self.bytes = bytes }

    /// Wraps 20 raw bytes; nil for any other length.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 20 else { return nil }
        self.bytes = bytes
    }

    /// Parses 40 hex digits (either case); nil for anything else.
    public init?(hex: some StringProtocol) {
        guard let bytes = Hex.decode(hex, byteCount: 20) else { return nil }
        self.bytes = bytes
    }

    /// Hashes the 20 bytes in one call (the synthesized conformance feeds them one by one).
    public func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    public static func == (a: ObjectID, b: ObjectID) -> Bool { a.bytes == b.bytes }

    init(_ oid: git_oid) {
        var copy = oid
        bytes = withUnsafeBytes(of: &copy.id) { Array($0) }
    }

    init(_ pointer: UnsafePointer<git_oid>) {
        self.init(pointer.pointee)
    }

    /// The libgit2 value.
    var oid: git_oid {
        var oid = git_oid()
        withUnsafeMutableBytes(of: &oid.id) { raw in
            for (i, b) in bytes.enumerated() where i < raw.count { raw[i] = b }
        }
        return oid
    }

    /// The 40-digit lowercase hex spelling.
    public var hex: String { Hex.encode(bytes) }

    /// The first `length` hex digits (7 by default), as `git log --oneline` shows.
    public func prefix(_ length: Int = 7) -> String { String(hex.prefix(max(0, length))) }

    public var description: String { hex }

    public static func < (a: ObjectID, b: ObjectID) -> Bool {
        a.bytes.lexicographicallyPrecedes(b.bytes)
    }
}

import CLibgit2
import TextSafety

/// A git object id (SHA-1, 20 bytes), printed as 40 lowercase hex digits.
///
/// The bytes are held inline, read big-endian into two words and a half: a recorded build
/// has one id per file, and an array per id cost an allocation each. Comparing the words
/// in order compares the bytes in order.
public struct ObjectID: Hashable, Sendable, Comparable, CustomStringConvertible {
    private let high, middle: UInt64
    private let low: UInt32

    /// The first eight bytes, big-endian. An object id is a hash of the object, so these
    /// spread as well as any hash of the id would (what a table indexed by them needs).
    public var leadingWord: UInt64 { high }

    /// The 20 raw bytes.
    public var bytes: [UInt8] {
        withUnsafeBytes(of: (high.bigEndian, middle.bigEndian, low.bigEndian)) { Array($0.prefix(20)) }
    }

    /// The id of the empty tree (`4b825dc…`), the same in every repository.
    public static let emptyTree = ObjectID(trusted: [
        0x4b, 0x82, 0x5d, 0xc6, 0x42, 0xcb, 0x6e, 0xb9, 0xa0, 0x60,
        0xe5, 0x4b, 0xf8, 0xd6, 0x92, 0x88, 0xfb, 0xee, 0x49, 0x04,
    ])

    /// `bytes` holds exactly 20 bytes.
    private init(trusted bytes: UnsafeBufferPointer<UInt8>) {
        let raw = UnsafeRawBufferPointer(bytes)
        high = UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
        middle = UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        low = UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt32.self))
    }

    private init(trusted bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { ObjectID(trusted: $0) }
    }

    /// Wraps 20 raw bytes; nil for any other length.
    public init?(bytes: some Collection<UInt8>) {
        guard bytes.count == 20 else { return nil }
        self = bytes.withContiguousStorageIfAvailable { ObjectID(trusted: $0) } ?? ObjectID(trusted: Array(bytes))
    }

    /// The same for bytes read in place through a pointer, not generic.
    public init?(buffer: UnsafeBufferPointer<UInt8>) {
        guard buffer.count == 20 else { return nil }
        self.init(trusted: buffer)
    }

    /// Parses 40 hex digits (either case); nil for anything else.
    public init?(hex: some StringProtocol) {
        guard let bytes = Hex.decode(hex, byteCount: 20) else { return nil }
        self.init(trusted: bytes)
    }

    init(_ oid: git_oid) {
        var copy = oid
        self = withUnsafeBytes(of: &copy.id) { ObjectID(trusted: $0.bindMemory(to: UInt8.self)) }
    }

    init(_ pointer: UnsafePointer<git_oid>) {
        self.init(pointer.pointee)
    }

    /// The libgit2 value.
    var oid: git_oid {
        var oid = git_oid()
        withUnsafeMutableBytes(of: &oid.id) { raw in
            withUnsafeBytes(of: (high.bigEndian, middle.bigEndian, low.bigEndian)) { source in
                raw.copyMemory(from: UnsafeRawBufferPointer(rebasing: source.prefix(min(20, raw.count))))
            }
        }
        return oid
    }

    /// The 40-digit lowercase hex spelling.
    public var hex: String { Hex.encode(bytes) }

    /// The first `length` hex digits (7 by default), as `git log --oneline` shows.
    public func prefix(_ length: Int = 7) -> String { String(hex.prefix(max(0, length))) }

    public var description: String { hex }

    public static func < (a: ObjectID, b: ObjectID) -> Bool {
        (a.high, a.middle, a.low) < (b.high, b.middle, b.low)
    }
}

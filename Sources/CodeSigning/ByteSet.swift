/// A set of bytes (256 bits): what one step of a seal pattern consumes.
struct ByteSet: Hashable, Sendable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init() {}

    /// Every byte but NUL (a C string, which is what `regexec` reads, never holds one).
    static var anyByte: ByteSet {
        var set = ByteSet()
        set.insert(1...255)
        return set
    }

    init(_ byte: UInt8) {
        insert(byte)
    }

    mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    mutating func insert(_ range: ClosedRange<UInt8>) {
        for byte in range { insert(byte) }
    }

    mutating func formUnion(_ other: ByteSet) {
        words = (words.0 | other.words.0, words.1 | other.words.1, words.2 | other.words.2, words.3 | other.words.3)
    }

    func contains(_ byte: UInt8) -> Bool {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }

    /// Every byte not in the set, NUL excepted.
    var inverted: ByteSet {
        var set = ByteSet()
        set.words = (~words.0, ~words.1, ~words.2, ~words.3)
        set.words.0 &= ~UInt64(1)
        return set
    }

    static func == (a: ByteSet, b: ByteSet) -> Bool {
        a.words == b.words
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }
}

/// An integer of any width a property list can hold (binary plists reach signed 128-bit).
///
/// Stored as a sign and a 128-bit magnitude so that comparison and rendering are exact.
public struct PlistInteger: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var isNegative: Bool
    /// The magnitude's high and low 64 bits.
    public var high: UInt64
    public var low: UInt64

    public init(_ value: Int64) {
        isNegative = value < 0
        high = 0
        low = value.magnitude
    }

    public init(unsigned value: UInt64) {
        isNegative = false
        high = 0
        low = value
    }

    public init(isNegative: Bool, high: UInt64, low: UInt64) {
        self.isNegative = isNegative && (high != 0 || low != 0)
        self.high = high
        self.low = low
    }

    /// The value as `Int64`, when it fits.
    public var int64: Int64? {
        guard high == 0 else { return nil }
        if isNegative { return low <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- low) : nil }
        return low <= UInt64(Int64.max) ? Int64(low) : nil
    }

    public var description: String {
        var digits: [UInt8] = []
        var hi = high, lo = low
        repeat {
            // Divide the 128-bit magnitude by 10.
            let (qh, rh) = hi.quotientAndRemainder(dividingBy: 10)
            let (ql, rl) = UInt64(10).dividingFullWidth((rh, lo))
            hi = qh
            lo = ql
            digits.append(UInt8(rl) + 48)
        } while hi != 0 || lo != 0
        if isNegative { digits.append(UInt8(ascii: "-")) }
        return String(decoding: digits.reversed(), as: UTF8.self)
    }

    public static func < (a: PlistInteger, b: PlistInteger) -> Bool {
        if a.isNegative != b.isNegative { return a.isNegative }
        let magnitudeLess = (a.high, a.low) < (b.high, b.low)
        return a.isNegative ? (b.high, b.low) < (a.high, a.low) : magnitudeLess
    }
}

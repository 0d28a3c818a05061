#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Numbers with one decimal place, as `String(format: "%.1f", v)` writes them (the same
/// bytes: the exact value rounded to the nearest tenth, a tie to the even tenth), without
/// Foundation's format machinery, which costs microseconds a call: a 10,000-build chart
/// writes hundreds of thousands of coordinates.
public enum DecimalText {
    /// `12.3`, `0.0`, `1234567.9`; negative, huge or non-finite values go through
    /// C's `printf` itself (`printf(format:_:)`).
    public static func oneDecimal(_ v: Double) -> String {
        guard v.isFinite, v.sign == .plus, v < 1e14 else { return printf(format: "%.1f", v) }
        // 10·v = p + e exactly (fma gives the rounding error of the product), and
        // p - n and (p - n) - 0.5 are exact below 2^52, so the sign of d + e says on which
        // side of the half the exact value lies.
        let p = v * 10
        let e = (-p).addingProduct(v, 10)
        var n = p.rounded(.down)
        let d = (p - n) - 0.5
        let side = d + e
        if side > 0 || (side == 0 && n.truncatingRemainder(dividingBy: 2) != 0) { n += 1 }
        let tenths = UInt64(n)
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// `v` written by C's `printf` with `format` (one `double` conversion, such as `%.0f`),
    /// in the C locale's digits: what `String(format:)` writes, without Foundation.
    public static func printf(format: String, _ v: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 400)  // %f of the largest double: 309 digits
        let written = withVaList([v]) { arguments in
            buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, arguments) }
        }
        guard written >= 0 else { return "" }
        return String(decoding: buffer.prefix(min(Int(written), buffer.count - 1)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

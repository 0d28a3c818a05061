extension PlistInteger {
    /// Parses `[+-]digits` or `[+-]0x hexdigits` whose magnitude fits in 128 bits.
    init?(parsing text: some Collection<UInt8>, allowHex: Bool) {
        var bytes = text[...]
        var negative = false
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        var radix: UInt64 = 10
        if allowHex, bytes.count > 2, bytes.first == UInt8(ascii: "0"),
           bytes.dropFirst().first == UInt8(ascii: "x") || bytes.dropFirst().first == UInt8(ascii: "X") {
            radix = 16
            bytes = bytes.dropFirst(2)
        }
        guard !bytes.isEmpty else { return nil }
        var high: UInt64 = 0, low: UInt64 = 0
        for b in bytes {
            let digit: UInt64
            switch b {
            case 48...57: digit = UInt64(b - 48)
            case 65...70 where radix == 16: digit = UInt64(b - 55)
            case 97...102 where radix == 16: digit = UInt64(b - 87)
            default: return nil
            }
            // (high, low) = (high, low) * radix + digit, failing on 128-bit overflow.
            let (carryIntoHigh, lowProduct) = low.multipliedFullWidth(by: radix)
            let (highProduct, highOverflow) = high.multipliedReportingOverflow(by: radix)
            guard !highOverflow else { return nil }
            let (newHigh, o1) = highProduct.addingReportingOverflow(carryIntoHigh)
            guard !o1 else { return nil }
            let (newLow, carry) = lowProduct.addingReportingOverflow(digit)
            let (finalHigh, o2) = newHigh.addingReportingOverflow(carry ? 1 : 0)
            guard !o2 else { return nil }
            high = finalHigh
            low = newLow
        }
        self.init(isNegative: negative, high: high, low: low)
    }
}

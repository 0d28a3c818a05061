extension OpenStepParser {
    /// The Unicode scalar for an octal escape: values below 0x80 are ASCII; higher values
    /// are NeXTSTEP-encoded bytes as CoreFoundation reads them.
    static func nextStepScalar(_ value: UInt32) -> UInt32 {
        guard value >= 0x80, value <= 0xFF else { return value }
        return UInt32(nextStepHigh[Int(value - 0x80)])
    }

    /// NeXTSTEP encoding, bytes 0x80…0xFF.
    static let nextStepHigh: [UInt16] = (0x80...0xFF).map { UInt16($0) }
}

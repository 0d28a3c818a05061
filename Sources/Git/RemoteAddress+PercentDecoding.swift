import TextSafety

extension RemoteAddress {
    /// `text` with every `%XX` replaced by the byte it names, as URLs escape; nil when a
    /// `%` is not followed by two hex digits or the bytes are not UTF-8. (Foundation's
    /// `removingPercentEncoding` answers the same, except that it repairs some bytes that
    /// are not UTF-8, such as a lone `%A9`, and refuses others.)
    static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = iterator.next().flatMap(Hex.nibble), let low = iterator.next().flatMap(Hex.nibble) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

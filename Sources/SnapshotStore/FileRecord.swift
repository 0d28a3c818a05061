import BundleModel

/// The blob stored for a regular file: `sha256 <hex>\nsize <n>\n` (the `sha256` line is
/// left out when the digest is unknown). The content itself is never stored.
enum FileRecord {
    static func encode(_ entry: FileEntry) -> [UInt8] {
        var text = ""
        if let digest = entry.sha256 { text += "sha256 \(digest)\n" }
        text += "size \(entry.size)\n"
        return Array(text.utf8)
    }

    /// A decoded record.
    typealias Decoded = (sha256: SHA256Digest?, size: UInt64)

    /// What `decode` gives for `encode(entry)`, without the text.
    static func decoded(_ entry: FileEntry) -> Decoded { (entry.sha256, entry.size) }

    private static let shaPrefix = Array("sha256 ".utf8), sizePrefix = Array("size ".utf8)

    /// The digest and size of a stored record; nil when malformed. Read as bytes, in place:
    /// every file of a recorded build has one, so this runs once per file of a walk. Lines
    /// in any order, empty ones skipped; a repeated line's last value counts.
    static func decode(_ bytes: [UInt8]) -> Decoded? {
        bytes.withUnsafeBufferPointer(decode)
    }

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> Decoded? {
        var digest: SHA256Digest?
        var size: UInt64?
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            if end > start {
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if line.starts(with: shaPrefix) {
                    guard let d = SHA256Digest(hexDigits: UnsafeBufferPointer(rebasing: line[shaPrefix.count...])) else {
                        return nil
                    }
                    digest = d
                } else if line.starts(with: sizePrefix) {
                    guard let n = number(line[sizePrefix.count...]) else { return nil }
                    size = n
                } else {
                    return nil
                }
            }
            start = end + 1
        }
        return size.map { (digest, $0) }
    }

    /// A decimal number as `UInt64(_:)` reads it (an optional `+`, digits, no overflow).
    private static func number(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> UInt64? {
        var rest = digits
        if rest.first == UInt8(ascii: "+") { rest = rest.dropFirst() }
        guard !rest.isEmpty else { return nil }
        var value: UInt64 = 0
        for byte in rest {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !o1, !o2 else { return nil }
            value = sum
        }
        return value
    }
}

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

    /// The digest and size of a stored record; nil when malformed. Read as bytes: every
    /// file of a recorded build has one, so this runs once per file.
    static func decode(_ bytes: [UInt8]) -> Decoded? {
        var digest: SHA256Digest?
        var size: UInt64?
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            if line.starts(with: shaPrefix) {
                guard let d = SHA256Digest(hexDigits: line.dropFirst(shaPrefix.count)) else {
                    return nil
                }
                digest = d
            } else if line.starts(with: sizePrefix) {
                guard let n = number(line.dropFirst(sizePrefix.count)) else { return nil }
                size = n
            } else {
                return nil
            }
        }
        return size.map { (digest, $0) }
    }

    /// A decimal number as `UInt64(_:)` reads it (an optional `+`, digits, no overflow).
    private static func number(_ digits: ArraySlice<UInt8>) -> UInt64? {
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

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

    /// The digest and size of a stored record; nil when malformed.
    static func decode(_ bytes: [UInt8]) -> Decoded? {
        var digest: SHA256Digest?
        var size: UInt64?
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let text = String(decoding: line, as: UTF8.self)
            if text.hasPrefix("sha256 ") {
                guard let d = SHA256Digest(hex: text.dropFirst(7)) else { return nil }
                digest = d
            } else if text.hasPrefix("size ") {
                guard let n = UInt64(text.dropFirst(5)) else { return nil }
                size = n
            } else {
                return nil
            }
        }
        return size.map { (digest, $0) }
    }
}

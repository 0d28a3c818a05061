/// Reads property lists in every format Apple bundles ship, without Foundation's
/// `PropertyListSerialization`.
public enum PropertyListReader {
    /// Sniffs the format (bplist00 → binary; XML after optional BOM/whitespace → xml;
    /// otherwise old-style text) and decodes. Throws PlistError with line/offset.
    public static func read(_ bytes: [UInt8], limits: PlistLimits = .default) throws(PlistError) -> PlistDocument {
        try checkSize(bytes, limits)
        if isBinary(bytes) { return try BinaryPlistReader.read(bytes, limits: limits) }
        let text = try TextEncoding.decode(bytes)
        if looksLikeXML(text.utf8) { return try XMLPlistParser.parse(text, limits: limits) }
        return try OpenStepParser.parsePlist(text, limits: limits)
    }

    /// For `.strings` files: binary and XML plists are accepted too (compiled bundles
    /// ship binary .strings); otherwise parsed as a strings file (format .strings).
    public static func readStrings(_ bytes: [UInt8], limits: PlistLimits = .default) throws(PlistError) -> PlistDocument {
        try checkSize(bytes, limits)
        if isBinary(bytes) { return try BinaryPlistReader.read(bytes, limits: limits) }
        let text = try TextEncoding.decode(bytes)
        if looksLikeXML(text.utf8) { return try XMLPlistParser.parse(text, limits: limits) }
        return try OpenStepParser.parseStrings(text, limits: limits)
    }

    private static func checkSize(_ bytes: [UInt8], _ limits: PlistLimits) throws(PlistError) {
        guard bytes.count <= limits.maxBytes else {
            throw PlistError("file of \(bytes.count) bytes exceeds the limit of \(limits.maxBytes) bytes")
        }
    }

    private static func isBinary(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: Array("bplist".utf8))
    }

    /// XML starts (after whitespace) with `<?xml`, `<!` (DOCTYPE or comment) or `<plist`.
    static func looksLikeXML(_ utf8: [UInt8]) -> Bool {
        guard let start = utf8.firstIndex(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }) else {
            return false
        }
        let rest = utf8[start...]
        return rest.starts(with: "<?".utf8) || rest.starts(with: "<!".utf8) || rest.starts(with: "<plist".utf8)
    }
}

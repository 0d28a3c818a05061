/// Decodes the DER entitlements a code signature carries (blob `0xfade7172`) into the
/// plist value model: `[APPLICATION 16] { INTEGER 1, dictionary }`, where a dictionary is
/// `[CONTEXT 16]` holding `SEQUENCE { UTF8String key, value }` pairs, an array is a
/// `SEQUENCE`, and values are `BOOLEAN`, `INTEGER` (up to 64 bits) or `UTF8String`.
/// Bounded: nesting by `DERReader`'s depth limit, the number of values by `maxValues`.
public enum DEREntitlements {
    /// The decoded entitlements (a dictionary for anything codesign writes).
    public static func decode(_ bytes: [UInt8], maxValues: Int = 100_000) throws(PlistError) -> PlistValue {
        let der = DERReader(bytes: bytes, subject: "DER entitlements")
        guard !bytes.isEmpty else { throw der.fail("empty", at: 0) }
        let root = try der.element(at: 0, limit: bytes.count)
        guard root.tag == 0x70 else {
            throw der.fail("expected [APPLICATION 16], found tag 0x\(String(root.tag, radix: 16))", at: 0)
        }
        guard root.end == bytes.count else { throw der.fail("bytes after the entitlements", at: root.end) }
        let parts = try der.children(of: root)
        guard parts.count == 2, parts[0].tag == 0x02,
              parts[0].contentEnd - parts[0].contentStart == 1, bytes[parts[0].contentStart] == 1 else {
            throw der.fail("expected version 1 and one dictionary", at: root.contentStart)
        }
        var budget = maxValues
        return try value(parts[1], der: der, depth: 1, budget: &budget)
    }

    private static func value(_ element: DERReader.Element, der: DERReader, depth: Int,
                              budget: inout Int) throws(PlistError) -> PlistValue {
        budget -= 1
        guard budget >= 0 else { throw der.fail("too many values", at: element.contentStart) }
        guard depth <= der.maxDepth else { throw der.fail("DER nesting too deep", at: element.contentStart) }
        let content = der.bytes[element.contentStart..<element.contentEnd]
        switch element.tag {
        case 0x01:
            guard content.count == 1 else { throw der.fail("a BOOLEAN of \(content.count) bytes", at: element.contentStart) }
            return .boolean(content.first != 0)
        case 0x02:
            guard (1...8).contains(content.count) else {
                throw der.fail("an INTEGER of \(content.count) bytes", at: element.contentStart)
            }
            var raw: UInt64 = (content.first ?? 0) & 0x80 != 0 ? UInt64.max : 0
            for b in content { raw = raw << 8 | UInt64(b) }
            return .integer(PlistInteger(Int64(bitPattern: raw)))
        case 0x0C:
            guard let text = String(validating: content, as: UTF8.self) else {
                throw der.fail("a UTF8String that is not UTF-8", at: element.contentStart)
            }
            return .string(text)
        case 0x30:
            var items: [PlistValue] = []
            for child in try der.children(of: element, depth: depth) {
                items.append(try value(child, der: der, depth: depth + 1, budget: &budget))
            }
            return .array(items)
        case 0xB0:
            var dictionary = PlistDictionary()
            for pair in try der.children(of: element, depth: depth) {
                let kv = pair.tag == 0x30 ? try der.children(of: pair, depth: depth + 1) : []
                guard kv.count == 2, kv[0].tag == 0x0C,
                      let key = String(validating: der.bytes[kv[0].contentStart..<kv[0].contentEnd], as: UTF8.self) else {
                    throw der.fail("a dictionary entry that is not SEQUENCE { UTF8String, value }", at: pair.contentStart)
                }
                guard dictionary[key] == nil else { throw der.fail("key listed twice", at: pair.contentStart) }
                dictionary[key] = try value(kv[1], der: der, depth: depth + 2, budget: &budget)
            }
            return .dictionary(dictionary)
        default:
            throw der.fail("unsupported tag 0x\(String(element.tag, radix: 16))", at: element.contentStart)
        }
    }
}

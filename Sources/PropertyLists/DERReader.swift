/// A small bounded BER/DER reader: enough to walk CMS `SignedData` (definite and
/// indefinite lengths, constructed strings), never reading outside its input.
struct DERReader {
    struct Element {
        var tag: UInt8
        var constructed: Bool { tag & 0x20 != 0 }
        /// Where the content starts and ends (for indefinite lengths: before the end-of-contents).
        var contentStart: Int
        var contentEnd: Int
        /// Where the whole element ends.
        var end: Int
    }

    let bytes: [UInt8]
    /// What the bytes are, at the start of every message.
    var subject = "provisioning profile"
    let maxDepth = 32

    func fail(_ message: String, at offset: Int) -> PlistError {
        PlistError(subject + ": " + message, offset: offset)
    }

    /// The element starting at `offset` that must end by `limit`.
    func element(at offset: Int, limit: Int, depth: Int = 0) throws(PlistError) -> Element {
        guard depth <= maxDepth else { throw fail("DER nesting too deep", at: offset) }
        guard offset < limit, limit <= bytes.count else { throw fail("DER element runs past its container", at: offset) }
        let tag = bytes[offset]
        guard tag & 0x1F != 0x1F else { throw fail("multi-byte DER tags are not supported", at: offset) }
        var p = offset + 1
        guard p < limit else { throw fail("DER length missing", at: p) }
        let first = bytes[p]
        p += 1
        if first < 0x80 {
            let end = p + Int(first)
            guard end <= limit else { throw fail("DER length \(first) runs past its container", at: offset) }
            return Element(tag: tag, contentStart: p, contentEnd: end, end: end)
        }
        if first == 0x80 {
            guard tag & 0x20 != 0 else { throw fail("indefinite length on a primitive element", at: offset) }
            // Walk children until the end-of-contents marker 00 00.
            var child = p
            while true {
                guard child + 1 < limit else { throw fail("missing end-of-contents", at: offset) }
                if bytes[child] == 0 && bytes[child + 1] == 0 {
                    return Element(tag: tag, contentStart: p, contentEnd: child, end: child + 2)
                }
                child = try element(at: child, limit: limit, depth: depth + 1).end
            }
        }
        let count = Int(first & 0x7F)
        guard count <= 4, p + count <= limit else { throw fail("unsupported DER length", at: offset) }
        var length = 0
        for _ in 0..<count {
            length = length << 8 | Int(bytes[p])
            p += 1
        }
        guard length <= limit - p else { throw fail("DER length \(length) runs past its container", at: offset) }
        return Element(tag: tag, contentStart: p, contentEnd: p + length, end: p + length)
    }

    /// The children of a constructed element.
    func children(of parent: Element, depth: Int = 0) throws(PlistError) -> [Element] {
        var out: [Element] = []
        var p = parent.contentStart
        while p < parent.contentEnd {
            let child = try element(at: p, limit: parent.contentEnd, depth: depth + 1)
            out.append(child)
            p = child.end
        }
        return out
    }

    /// The bytes of an OCTET STRING, joining the segments of a constructed one.
    func octets(of element: Element, depth: Int = 0, into out: inout [UInt8]) throws(PlistError) {
        guard depth <= maxDepth else { throw fail("DER nesting too deep", at: element.contentStart) }
        if element.tag == 0x04 {
            out += bytes[element.contentStart..<element.contentEnd]
        } else if element.tag == 0x24 {
            for child in try children(of: element, depth: depth) {
                try octets(of: child, depth: depth + 1, into: &out)
            }
        } else {
            throw fail("expected an OCTET STRING, found tag 0x\(String(element.tag, radix: 16))", at: element.contentStart)
        }
    }
}

// libFuzzer target: text-encoding detection and decoding of text plists (UTF-8 with or
// without BOM, UTF-16 LE/BE with or without BOM), checked against the standard library's
// own UTF-8 and UTF-16 decoders: we must accept exactly the valid inputs and produce the
// same text.

@_cdecl("LLVMFuzzerTestOneInput")
public func textEncodingFuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let decoded = try? TextEncoding.decode(bytes)
    let expected = referenceDecode(bytes)
    switch (decoded, expected) {
    case (nil, nil):
        break
    case (let ours?, let reference?):
        guard ours.encoding == reference.encoding, ours.utf8 == reference.utf8 else {
            fatalError("decoded differently: \(ours.encoding) \(ours.utf8) vs \(reference.encoding) \(reference.utf8)")
        }
    case (let ours?, nil):
        fatalError("accepted invalid text as \(ours.encoding): \(bytes)")
    case (nil, let reference?):
        fatalError("rejected valid \(reference.encoding) text: \(bytes)")
    }
    return 0
}

/// The same detection rules, decoded with the standard library (nil when invalid).
func referenceDecode(_ bytes: [UInt8]) -> (encoding: TextEncoding, utf8: [UInt8])? {
    func utf8(_ body: ArraySlice<UInt8>, _ encoding: TextEncoding) -> (TextEncoding, [UInt8])? {
        var iterator = body.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return (encoding, Array(body))
            case .error: return nil
            }
        }
    }
    func utf16(_ body: ArraySlice<UInt8>, littleEndian: Bool, _ encoding: TextEncoding) -> (TextEncoding, [UInt8])? {
        guard body.count % 2 == 0 else { return nil }
        var units: [UInt16] = []
        var i = body.startIndex
        while i < body.endIndex {
            let a = UInt16(body[i]), b = UInt16(body[i + 1])
            units.append(littleEndian ? a | b << 8 : a << 8 | b)
            i += 2
        }
        var iterator = units.makeIterator()
        var decoder = UTF16()
        var out: [UInt8] = []
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): out += Array(String(Character(scalar)).utf8)
            case .emptyInput: return (encoding, out)
            case .error: return nil
            }
        }
    }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return utf8(bytes.dropFirst(3), .utf8BOM) }
    if bytes.starts(with: [0xFF, 0xFE]) { return utf16(bytes.dropFirst(2), littleEndian: true, .utf16LEBOM) }
    if bytes.starts(with: [0xFE, 0xFF]) { return utf16(bytes.dropFirst(2), littleEndian: false, .utf16BEBOM) }
    if bytes.count >= 2, bytes[0] != 0, bytes[1] == 0 { return utf16(bytes[...], littleEndian: true, .utf16LE) }
    if bytes.count >= 2, bytes[0] == 0, bytes[1] != 0 { return utf16(bytes[...], littleEndian: false, .utf16BE) }
    return utf8(bytes[...], .utf8)
}

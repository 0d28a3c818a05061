// libFuzzer target: XML plists (tokenizer, entities, CDATA, DOCTYPE, base64, dates).
// Must return a value or throw PlistError.

@_cdecl("LLVMFuzzerTestOneInput")
public func xmlPlistFuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let raw = Array(UnsafeRawBufferPointer(start: start, count: count))
    // Keep the fuzzer on the XML path: prefix a plist header unless the input has one.
    let bytes = PropertyListReader.looksLikeXML(raw) ? raw : Array("<plist>".utf8) + raw
    if let document = try? PropertyListReader.read(bytes, limits: fuzzLimits) {
        checkCanonicalRoundTrip(document)
    }
    return 0
}

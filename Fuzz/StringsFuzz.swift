// libFuzzer target: `.strings` and old-style text plists (UTF-8/UTF-16 detection,
// comments, escapes, unquoted strings). Must return a value or throw PlistError.

@_cdecl("LLVMFuzzerTestOneInput")
public func stringsFuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    if let document = try? PropertyListReader.readStrings(bytes, limits: fuzzLimits) {
        checkCanonicalRoundTrip(document)
    }
    if let document = try? PropertyListReader.read(bytes, limits: fuzzLimits) {
        checkCanonicalRoundTrip(document)
    }
    return 0
}

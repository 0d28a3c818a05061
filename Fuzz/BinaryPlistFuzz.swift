// libFuzzer target: the binary plist reader must return a value or throw PlistError,
// never crash, hang or exhaust memory. Built by scripts/fuzz.sh together with
// Sources/PropertyLists/*.swift (one module, so internal API is visible).

@_cdecl("LLVMFuzzerTestOneInput")
public func binaryPlistFuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    var bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    // Force the binary path even when the fuzzer mutates the magic away.
    if !bytes.starts(with: Array("bplist00".utf8)) { bytes = Array("bplist00".utf8) + bytes }
    if let document = try? PropertyListReader.read(bytes, limits: fuzzLimits) {
        checkCanonicalRoundTrip(document)
    }
    return 0
}

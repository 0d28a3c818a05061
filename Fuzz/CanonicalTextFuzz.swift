// libFuzzer target: the parser of the canonical text stored in git (a repository can be
// edited by hand or corrupted). Must return a value or throw PlistError; what it accepts
// must render back to the same text.

@_cdecl("LLVMFuzzerTestOneInput")
public func canonicalTextFuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    guard let parsed = try? CanonicalText.parse(text) else { return 0 }
    guard CanonicalText.render(parsed) == text else { fatalError("accepted non-canonical text:\n\(text)") }
    if case .decoded(let document) = parsed { checkCanonicalRoundTrip(document) }
    return 0
}

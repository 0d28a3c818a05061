// libFuzzer target: the bounded DER/BER reader that pulls the plist out of a CMS-signed
// provisioning profile, then the plist reader on what it extracted.

@_cdecl("LLVMFuzzerTestOneInput")
public func provisioningFuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    if let plist = try? ProvisioningProfile.plistBytes(fromCMS: bytes),
       let document = try? PropertyListReader.read(plist, limits: fuzzLimits) {
        checkCanonicalRoundTrip(document)
    }
    return 0
}

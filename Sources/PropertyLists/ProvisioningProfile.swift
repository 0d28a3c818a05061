/// Reads the property list inside a CMS-signed provisioning profile.
public enum ProvisioningProfile {
    /// The DER encoding of the OID 1.2.840.113549.1.7.2 (`signedData`).
    static let signedDataOID: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]

    /// The XML plist inside a CMS-signed `embedded.mobileprovision`/`.provisionprofile`:
    /// walks `ContentInfo → [0] SignedData → encapContentInfo → [0] eContent` with a small
    /// bounded DER reader and returns the content OCTET STRING's bytes (segments joined).
    public static func plistBytes(fromCMS bytes: [UInt8]) throws(PlistError) -> [UInt8] {
        let der = DERReader(bytes: bytes)
        let contentInfo = try der.element(at: 0, limit: bytes.count)
        guard contentInfo.tag == 0x30 else { throw der.fail("not a CMS ContentInfo SEQUENCE", at: 0) }
        let info = try der.children(of: contentInfo)
        guard info.count >= 2, info[0].tag == 0x06,
              bytes[info[0].contentStart..<info[0].contentEnd].elementsEqual(signedDataOID) else {
            throw der.fail("content type is not signedData", at: contentInfo.contentStart)
        }
        guard info[1].tag == 0xA0, let signedData = try der.children(of: info[1]).first, signedData.tag == 0x30 else {
            throw der.fail("missing SignedData", at: info[1].contentStart)
        }
        let fields = try der.children(of: signedData)
        // SignedData: version INTEGER, digestAlgorithms SET, encapContentInfo SEQUENCE, …
        guard fields.count >= 3, fields[0].tag == 0x02, fields[1].tag == 0x31, fields[2].tag == 0x30 else {
            throw der.fail("malformed SignedData", at: signedData.contentStart)
        }
        let encap = try der.children(of: fields[2])
        guard encap.count == 2, encap[0].tag == 0x06, encap[1].tag == 0xA0 else {
            throw der.fail("SignedData has no encapsulated content", at: fields[2].contentStart)
        }
        var out: [UInt8] = []
        for part in try der.children(of: encap[1]) {
            try der.octets(of: part, into: &out)
        }
        guard !out.isEmpty else { throw der.fail("encapsulated content is empty", at: encap[1].contentStart) }
        return out
    }
}

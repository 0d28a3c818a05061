import Testing
import TestSupport
@testable import PropertyLists

@Suite struct ProvisioningProfileTests {
    @Test func extractsThePlistFromCMS() throws {
        let plist = FixtureBuilder.provisioningPlist(identifier: "com.example.app")
        let cms = FixtureBuilder.mobileProvision(plist: plist)
        let extracted = try ProvisioningProfile.plistBytes(fromCMS: cms)
        #expect(extracted == plist)
        let doc = try PropertyListReader.read(extracted)
        #expect(doc.format == .xml)
        #expect(doc.root["AppIDName"] == .string("Example"))
        #expect(doc.root["CreationDate"] == .date(790_000_000))
    }

    /// BER indefinite lengths and a constructed OCTET STRING split in segments (what some
    /// signing tools write) give the same bytes.
    @Test func indefiniteLengthAndSegmentedContent() throws {
        let plist = Array("<plist><string>segmented</string></plist>".utf8)
        func der(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
            precondition(content.count < 0x10000)
            if content.count < 0x80 { return [tag, UInt8(content.count)] + content }
            return [tag, 0x82, UInt8(content.count >> 8), UInt8(content.count & 0xFF)] + content
        }
        func indefinite(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] { [tag, 0x80] + content + [0, 0] }
        let dataOID: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]
        let signedDataOID: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]
        let segments = der(0x04, Array(plist[0..<10])) + der(0x04, Array(plist[10...]))
        let encap = indefinite(0x30, dataOID + indefinite(0xA0, indefinite(0x24, segments)))
        let signedData = indefinite(0x30, [0x02, 0x01, 0x01] + der(0x31, []) + encap + der(0x31, []))
        let cms = indefinite(0x30, signedDataOID + indefinite(0xA0, signedData))
        #expect(try ProvisioningProfile.plistBytes(fromCMS: cms) == plist)
    }

    @Test(arguments: [
        ([UInt8](), "provisioning profile: DER element runs past its container"),
        ([0x30, 0x05, 0x06, 0x01], "provisioning profile: DER length 5 runs past its container"),
        ([0x04, 0x01, 0x00], "provisioning profile: not a CMS ContentInfo SEQUENCE"),
        ([0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xFF], "provisioning profile: DER length 4294967295 runs past its container"),
        (Array("<?xml version=\"1.0\"?><plist/>".utf8), "provisioning profile: DER length 63 runs past its container"),
    ])
    func malformedCMSThrows(bytes: [UInt8], message: String) {
        #expect(plistError { _ = try ProvisioningProfile.plistBytes(fromCMS: bytes) }?.message == message)
    }

    @Test func wrongContentTypeIsRejected() {
        // A ContentInfo whose type is id-data, not signedData.
        let cms: [UInt8] = [0x30, 0x0D, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01, 0xA0, 0x00]
        #expect(plistError { _ = try ProvisioningProfile.plistBytes(fromCMS: cms) }?.message
            == "provisioning profile: content type is not signedData")
    }

    @Test func deeplyNestedIndefiniteLengthsAreBounded() {
        // 10 000 nested indefinite-length SEQUENCEs must fail on depth, not the stack.
        let bytes = Array(repeating: [UInt8]([0x30, 0x80]), count: 10_000).flatMap { $0 }
            + Array(repeating: 0, count: 20_000)
        #expect(plistError { _ = try ProvisioningProfile.plistBytes(fromCMS: bytes) }?.message
            == "provisioning profile: DER nesting too deep")
    }
}

import PropertyLists
import TestSupport
import Testing

/// The DER entitlements blob of a code signature, decoded to the plist value model.
@Suite struct DEREntitlementsTests {
    @Test func decodesEveryValueKind() throws {
        let value = PlistValue.dictionary(PlistDictionary([
            ("a-bool", .boolean(true)), ("b-int", .integer(PlistInteger(-129))), ("c-big", .integer(PlistInteger(Int64.max))),
            ("d-array", .array([.string("x"), .array([]), .dictionary(PlistDictionary([("k", .boolean(false))]))])),
            ("e-string", .string("ünïcode")),
        ]))
        #expect(try DEREntitlements.decode(MachOWriter.derEntitlements(value)) == value)
    }

    @Test(arguments: [
        ([UInt8](), "DER entitlements: empty"),
        ([0x30, 0x00], "DER entitlements: expected [APPLICATION 16], found tag 0x30"),
        ([0x70, 0x03, 0x02, 0x01, 0x02], "DER entitlements: expected version 1 and one dictionary"),
        ([0x70, 0x05, 0x02, 0x01, 0x01, 0xB0, 0x00, 0x00], "DER entitlements: bytes after the entitlements"),
        ([0x70, 0x07, 0x02, 0x01, 0x01, 0xB0, 0x02, 0x05, 0x00],
         "DER entitlements: a dictionary entry that is not SEQUENCE { UTF8String, value }"),
        ([0x70, 0x07, 0x02, 0x01, 0x01, 0xB0, 0x02, 0x04, 0x00], "DER entitlements: a dictionary entry that is not SEQUENCE { UTF8String, value }"),
        ([0x70, 0x0B, 0x02, 0x01, 0x01, 0xB0, 0x06, 0x30, 0x04, 0x0C, 0x00, 0x05, 0x00], "DER entitlements: unsupported tag 0x5"),
        ([0x70, 0x0D, 0x02, 0x01, 0x01, 0xB0, 0x08, 0x30, 0x06, 0x0C, 0x00, 0x01, 0x02, 0x00, 0x00], "DER entitlements: a BOOLEAN of 2 bytes"),
        ([0x70, 0x0B, 0x02, 0x01, 0x01, 0xB0, 0x06, 0x30, 0x04, 0x0C, 0x00, 0x02, 0x00], "DER entitlements: an INTEGER of 0 bytes"),
        ([0x70, 0x0C, 0x02, 0x01, 0x01, 0xB0, 0x07, 0x30, 0x05, 0x0C, 0x00, 0x0C, 0x01, 0xFF], "DER entitlements: a UTF8String that is not UTF-8"),
        ([0x70, 0x09, 0x02, 0x01, 0x01, 0xB0, 0x7F], "DER entitlements: DER length 9 runs past its container"),
    ])
    func malformedBlobsFailWithOneLine(_ bytes: [UInt8], _ message: String) {
        #expect(throws: PlistError.self) { try DEREntitlements.decode(bytes) }
        do {
            _ = try DEREntitlements.decode(bytes)
        } catch {
            #expect(error.message == message)
        }
    }

    @Test func duplicateKeysAndDepthAndCountAreBounded() throws {
        let pair = MachOWriter.der(0x30, MachOWriter.der(0x0C, Array("k".utf8)) + MachOWriter.der(0x01, [0xFF]))
        let duplicate = MachOWriter.der(0x70, MachOWriter.der(0x02, [1]) + MachOWriter.der(0xB0, pair + pair))
        #expect(throws: PlistError.self) { try DEREntitlements.decode(duplicate) }
        var deep = MachOWriter.der(0x30, [])
        for _ in 0..<40 { deep = MachOWriter.der(0x30, deep) }
        let nested = MachOWriter.der(0x70, MachOWriter.der(0x02, [1]) + MachOWriter.der(0xB0,
            MachOWriter.der(0x30, MachOWriter.der(0x0C, Array("k".utf8)) + deep)))
        #expect(throws: PlistError.self) { try DEREntitlements.decode(nested) }
        let many = MachOWriter.derEntitlements(.array((0..<50).map { _ in .boolean(true) }))
        #expect(throws: PlistError.self) { try DEREntitlements.decode(many, maxValues: 10) }
        #expect(try DEREntitlements.decode(many, maxValues: 51) == .array((0..<50).map { _ in .boolean(true) }))
    }
}

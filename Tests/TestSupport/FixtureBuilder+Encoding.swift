import Foundation

extension FixtureBuilder {
    /// A property list's bytes, written by Foundation (XML or binary).
    public static func plist(_ value: Any, binary: Bool = false) -> [UInt8] {
        let format: PropertyListSerialization.PropertyListFormat = binary ? .binary : .xml
        guard let data = try? PropertyListSerialization.data(fromPropertyList: value, format: format,
                                                             options: 0) else { return [] }
        return Array(data)
    }

    /// A `.strings` file (`"key" = "value";` lines in the given order), UTF-8 or UTF-16LE
    /// with a byte-order mark.
    public static func strings(_ pairs: KeyValuePairs<String, String>, utf16: Bool = false) -> [UInt8] {
        strings(pairs.map { ($0.key, $0.value) }, utf16: utf16)
    }

    /// A `.strings` file from ordered pairs.
    public static func strings(_ pairs: [(String, String)], utf16: Bool = false) -> [UInt8] {
        func quoted(_ s: String) -> String {
            "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        let text = "/* Generated */\n" + pairs.map { "\(quoted($0.0)) = \(quoted($0.1));\n" }.joined()
        guard utf16 else { return Array(text.utf8) }
        var out: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 {
            out.append(UInt8(unit & 0xFF))
            out.append(UInt8(unit >> 8))
        }
        return out
    }

    /// A minimal valid CMS (PKCS #7 SignedData, DER) wrapping `plist` as its content, the
    /// shape of `embedded.mobileprovision` (no signers: readers only need the content).
    public static func mobileProvision(plist: [UInt8]) -> [UInt8] {
        let dataOID: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]
        let signedDataOID: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]
        let sha256: [UInt8] = der(0x30, [0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00])
        let encap = der(0x30, dataOID + der(0xA0, der(0x04, plist)))
        let signedData = der(0x30, [0x02, 0x01, 0x01] + der(0x31, sha256) + encap + der(0x31, []))
        return der(0x30, signedDataOID + der(0xA0, signedData))
    }

    /// A sample provisioning profile plist for `identifier`.
    public static func provisioningPlist(identifier: String, team: String = "ABCDE12345") -> [UInt8] {
        plist([
            "AppIDName": "Example",
            "ApplicationIdentifierPrefix": [team],
            "CreationDate": Date(timeIntervalSinceReferenceDate: 790_000_000),
            "ExpirationDate": Date(timeIntervalSinceReferenceDate: 1_000_000_000), // 2032-09-09
            "Entitlements": ["application-identifier": "\(team).\(identifier)", "get-task-allow": false] as [String: Any],
            "Name": "Example Development",
            "TeamIdentifier": [team],
            "UUID": "12345678-1234-1234-1234-123456789ABC",
            "Version": 1,
        ] as [String: Any])
    }

    private static func der(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        var length: [UInt8]
        if content.count < 0x80 {
            length = [UInt8(content.count)]
        } else {
            var n = content.count
            var bytes: [UInt8] = []
            while n > 0 {
                bytes.insert(UInt8(n & 0xFF), at: 0)
                n >>= 8
            }
            length = [0x80 | UInt8(bytes.count)] + bytes
        }
        return [tag] + length + content
    }
}

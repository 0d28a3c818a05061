import Foundation
import Testing
import TestSupport
@testable import PropertyLists

/// A file re-saved in another format (binary ↔ XML) with equal values: the values must
/// compare equal and only the format differs, so a diff can say "format only".
@Suite struct FormatOnlyChangeTests {
    static var value: [String: Any] { [
        "CFBundleIdentifier": "com.example.app",
        "CFBundleVersion": "42",
        "UIRequiredDeviceCapabilities": ["arm64", "metal"],
        "Count": 7,
        "Ratio": 0.5,
        "Enabled": true,
        "Built": Date(timeIntervalSinceReferenceDate: 725_760_000),
        "Blob": Data([0, 1, 2, 250]),
        "Nested": ["Inner": ["A": 1]],
    ] }

    @Test func binaryAndXMLWithEqualValues() throws {
        let xmlBytes = FixtureBuilder.plist(Self.value)
        let binaryBytes = FixtureBuilder.plist(Self.value, binary: true)
        try #require(!xmlBytes.isEmpty && !binaryBytes.isEmpty)
        let xml = try PropertyListReader.read(xmlBytes)
        let binary = try PropertyListReader.read(binaryBytes)
        #expect(xml.format == .xml)
        #expect(binary.format == .binary)
        #expect(xml.format != binary.format)
        // Key order may differ between Foundation's two writers; values per key must not.
        let x = try #require(xml.root.dictionaryValue)
        let b = try #require(binary.root.dictionaryValue)
        #expect(Set(x.keys) == Set(b.keys))
        for key in x.keys { #expect(x[key] == b[key], "\(key)") }
        #expect(x["Count"] == .integer(PlistInteger(7)))
        #expect(x["Ratio"] == .real(0.5))
        #expect(x["Enabled"] == .boolean(true))
    }

    @Test func oldStyleAndStringsAreOnlyFormatsToo() throws {
        let strings = try readStrings("\"a\" = \"b\";")
        let braced = try readStrings("{ a = b; }")
        let xml = try PropertyListReader.read(Array("<plist><dict><key>a</key><string>b</string></dict></plist>".utf8))
        #expect(strings.root == braced.root)
        #expect(strings.root == xml.root)
        #expect(Set([strings.format, braced.format, xml.format]) == [.strings, .openStep, .xml])
    }

    @Test func encodingOnlyChange() throws {
        let utf8 = try readStrings("\"a\" = \"é\";", .utf8)
        let utf16 = try readStrings("\"a\" = \"é\";", .utf16LEBOM)
        #expect(utf8.root == utf16.root)
        #expect(utf8.format == utf16.format)
        #expect(utf8.encoding != utf16.encoding)
    }
}

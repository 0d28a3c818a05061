import Testing
@testable import PropertyLists

/// Inputs built to exhaust time, memory or stack, and values that must never crash.
@Suite struct HostileInputTests {
    typealias B = BinaryPlistBuilder

    /// Under 200 bytes that expand to 2^32 values when shared references are followed:
    /// the reader must measure the graph first and throw, not build it. (No timing here;
    /// a regression would hang or exhaust memory instead of returning.)
    @Test func exponentialBinaryPlistIsRejected() {
        var b = B()
        var previous = b.add(B.ascii("boom"))
        for _ in 0..<32 { previous = b.add(b.array([previous, previous])) }
        let bytes = b.build(top: previous, offsetSize: 1)
        #expect(bytes.count <= 200)
        let error = plistError { _ = try PropertyListReader.read(bytes) }
        #expect(error?.message.hasPrefix("binary plist: more than") == true, "\(String(describing: error))")
    }

    @Test func exponentialDictionaryKeysAreRejected() {
        // Dictionaries whose values share one child: same expansion through dictionaries.
        var b = B()
        let key = b.add(B.ascii("k")), key2 = b.add(B.ascii("l"))
        var previous = b.add(B.data(Array(repeating: 7, count: 16)))
        for _ in 0..<30 { previous = b.add(b.dict([(key, previous), (key2, previous)])) }
        let error = plistError { _ = try PropertyListReader.read(b.build(top: previous)) }
        #expect(error?.message.hasPrefix("binary plist: more than") == true)
    }

    @Test func expandedBytesBudget() {
        // Few values, but a 1 KiB string referenced 4096 times: over a 1 MiB payload budget.
        var b = B()
        let big = b.add(B.ascii(String(repeating: "x", count: 1024)))
        var previous = big
        for _ in 0..<12 { previous = b.add(b.array([previous, previous])) }
        let limits = PlistLimits(maxBytes: 1 << 20, maxDepth: 64, maxObjects: 1 << 20, maxExpandedBytes: 1 << 20)
        let error = plistError { _ = try PropertyListReader.read(b.build(top: previous), limits: limits) }
        #expect(error?.message == "binary plist: more than 1048576 bytes of strings and data once shared references are expanded")
    }

    @Test func deepXMLIsRejected() {
        let deep = String(repeating: "<array>", count: 1000) + String(repeating: "</array>", count: 1000)
        let error = plistError { _ = try PropertyListReader.read(Array(("<plist>" + deep + "</plist>").utf8)) }
        #expect(error?.message == "nesting deeper than 256 levels")
    }

    @Test func oversizedInputIsRejectedBeforeParsing() {
        let limits = PlistLimits(maxBytes: 10, maxDepth: 8, maxObjects: 8)
        #expect(plistError { _ = try PropertyListReader.read(Array("\"a\" = \"bcdefgh\";".utf8), limits: limits) }?.message
            == "file of 16 bytes exceeds the limit of 10 bytes")
    }

    // MARK: NaN and infinite dates

    @Test(arguments: [Double.nan, -Double.nan, Double(bitPattern: 0x7FF0_0000_0000_0001)])
    func nanBinaryDateThrows(nan: Double) {
        var b = B()
        let top = b.add(B.date(nan))
        #expect(plistError { _ = try PropertyListReader.read(b.build(top: top)) }?.message == "binary plist: date is NaN")
    }

    @Test func infiniteAndHugeDatesRenderWithoutCrashing() throws {
        for seconds in [Double.infinity, -Double.infinity, 1e300, -1e300, Double.greatestFiniteMagnitude] {
            var b = B()
            let top = b.add(B.date(seconds))
            let doc = try PropertyListReader.read(b.build(top: top))
            #expect(doc.root == .date(seconds))
            #expect(PlistDate.iso8601(seconds) == nil)
            let text = CanonicalText.render(.decoded(doc))
            #expect(text.contains("date - "), "\(text)")
        }
    }

    @Test func nanDateNeverCrashesTheRenderer() {
        // A NaN date cannot come from a reader, but code that builds values must not crash.
        #expect(PlistDate.iso8601(.nan) == nil)
        let text = CanonicalText.render(.decoded(PlistDocument(format: .xml, root: .date(.nan))))
        #expect(text.contains("date - "))
        // And the stored text refuses to bring one back.
        #expect(plistError { _ = try CanonicalText.parse(text) }?.message.contains("date is NaN") == true)
    }

    @Test func xmlDateCannotBeNaN() {
        for text in ["nan", "NaN", "", "2024-01-01", "2024-02-30T00:00:00Z", "+2024-01-01T00:00:00Z"] {
            let body = "<plist><date>\(text)</date></plist>"
            #expect(plistError { _ = try PropertyListReader.read(Array(body.utf8)) } != nil, "\(text)")
        }
    }
}

/// A value holding NaN must equal itself, or an unchanged plist diffs as changed.
@Suite struct NaNEqualityTests {
    @Test func nanRealEqualsItself() throws {
        let value = PlistValue.dictionary(PlistDictionary([("r", .real(.nan)), ("a", .array([.real(-.nan)]))]))
        #expect(value == value)
        #expect(PlistValue.real(.nan) == .real(Double(bitPattern: 0x7FF8_0000_0000_0001)))
        #expect(PlistValue.real(.nan) != .real(0))
        #expect(PlistValue.real(.nan) != .date(.nan))
        #expect(Set([value, value]).count == 1)
        #expect(PlistValue.real(0.0) == .real(-0.0))
        #expect(PlistValue.integer(PlistInteger(1)) != .real(1))
        // The same XML read twice gives equal documents.
        let xml = Array("<plist><array><real>nan</real></array></plist>".utf8)
        #expect(try PropertyListReader.read(xml) == PropertyListReader.read(xml))
        // And the stored text brings back an equal document.
        let doc = try PropertyListReader.read(xml)
        #expect(try CanonicalText.parse(CanonicalText.render(.decoded(doc))) == .decoded(doc))
    }
}

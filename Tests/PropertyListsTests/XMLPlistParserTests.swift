import Testing
@testable import PropertyLists

@Suite struct XMLPlistParserTests {
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">

        """

    func read(_ body: String) throws -> PlistDocument {
        try PropertyListReader.read(Array((Self.header + body).utf8))
    }

    func error(_ body: String) -> PlistError? {
        plistError { _ = try read(body) }
    }

    @Test func everyType() throws {
        let doc = try read("""
            <plist version="1.0">
            <dict>
                <key>s</key><string>héllo</string>
                <key>empty</key><string/>
                <key>i</key><integer>-42</integer>
                <key>hex</key><integer>0x1F</integer>
                <key>big</key><integer>18446744073709551615</integer>
                <key>r</key><real>2.5e3</real>
                <key>t</key><true/>
                <key>f</key><false/>
                <key>d</key><date>2024-01-01T00:00:00Z</date>
                <key>data</key><data>
                    AQID
                    BA==
                </data>
                <key>a</key><array><integer>1</integer><string>x</string><array/></array>
                <key>nested</key><dict><key>k</key><dict/></dict>
            </dict>
            </plist>
            """)
        #expect(doc.format == .xml)
        #expect(doc.encoding == .utf8)
        let root = try #require(doc.root.dictionaryValue)
        #expect(root.keys == ["s", "empty", "i", "hex", "big", "r", "t", "f", "d", "data", "a", "nested"])
        #expect(root["s"] == .string("héllo"))
        #expect(root["empty"] == .string(""))
        #expect(root["i"] == .integer(PlistInteger(-42)))
        #expect(root["hex"] == .integer(PlistInteger(31)))
        #expect(root["big"] == .integer(PlistInteger(unsigned: .max)))
        #expect(root["r"] == .real(2500))
        #expect(root["t"] == .boolean(true))
        #expect(root["f"] == .boolean(false))
        #expect(root["d"] == .date(725_760_000))
        #expect(root["data"] == .data([1, 2, 3, 4]))
        #expect(root["a"] == .array([.integer(PlistInteger(1)), .string("x"), .array([])]))
        #expect(root["nested"] == .dictionary(PlistDictionary([("k", .dictionary(PlistDictionary()))])))
    }

    @Test func integerIsNotRealIsNotBoolean() throws {
        let doc = try read("<plist><array><integer>1</integer><real>1</real><true/></array></plist>")
        #expect(doc.root == .array([.integer(PlistInteger(1)), .real(1), .boolean(true)]))
        #expect(doc.root.arrayValue?.map(\.typeName) == ["integer", "real", "boolean"])
    }

    @Test func entitiesAndCharacterReferences() throws {
        let doc = try read("<plist><string>&lt;a&gt; &amp; &quot;b&quot; &apos;c&apos; &#65;&#x42;&#x1F600;</string></plist>")
        #expect(doc.root == .string("<a> & \"b\" 'c' AB😀"))
    }

    @Test func cdataIsLiteral() throws {
        let doc = try read("<plist><string>x<![CDATA[<key>&amp;</key>]]>y</string></plist>")
        #expect(doc.root == .string("x<key>&amp;</key>y"))
    }

    @Test func commentsAndProcessingInstructionsAreSkipped() throws {
        let doc = try read("<plist><!-- c --><dict><?pi x?><key>k</key><!-- <string>no</string> --><string>v</string></dict></plist>")
        #expect(doc.root["k"] == .string("v"))
    }

    @Test func rootWithoutPlistElement() throws {
        // Apple's parser accepts a bare value after the prolog.
        #expect(try read("<array><string>a</string></array>").root == .array([.string("a")]))
    }

    @Test func duplicateKeysKeepTheLastValueAndAreRecorded() throws {
        let doc = try read("""
            <plist><dict>
            <key>a</key><string>1</string>
            <key>b</key><string>2</string>
            <key>a</key><string>3</string>
            </dict></plist>
            """)
        #expect(doc.root.dictionaryValue?.keys == ["a", "b"])
        #expect(doc.root["a"] == .string("3"))
        // Lines count from the start of the file: the header has two lines.
        #expect(doc.duplicateKeys == [DuplicateKey(dictionaryPath: [], key: "a", lines: [4, 6])])
    }

    @Test func utf16WithBOM() throws {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "<plist><string>ü</string></plist>".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let doc = try PropertyListReader.read(bytes)
        #expect(doc.format == .xml)
        #expect(doc.encoding == .utf16LEBOM)
        #expect(doc.root == .string("ü"))
    }

    /// Malformed documents throw a PlistError naming the line of the problem.
    @Test(arguments: [
        ("<plist>\n<dict>\n<key>k</key>\n</dict>\n</plist>", 5),                     // key without value
        ("<plist>\n<array>\n<integer>12x</integer>\n</array></plist>", 5),         // bad integer
        ("<plist>\n<real>one</real></plist>", 4),
        ("<plist>\n<date>2024-13-01T00:00:00Z</date></plist>", 4),
        ("<plist>\n<data>@@@@</data></plist>", 4),
        ("<plist>\n<string>&bogus;</string></plist>", 4),
        ("<plist>\n<string>a</strin></plist>", 4),
        ("<plist>\n<dict>\n<string>v</string></dict></plist>", 5),                  // value without key
        ("<plist>\n<array>\n<foo/></array></plist>", 5),                           // unknown tag
        ("<plist>\n<true>x</true></plist>", 4),
        ("<plist>\n<string>a</string>\n<string>b</string></plist>", 5),            // two root values
        ("<plist>\n<array>\n<string>a</string>\n", 6),                              // missing </array>
        ("<plist>\n<string>a<![CDATA[b</string></plist>", 4),
        ("<plist>\n<string>x</string></plist>\ntrailing", 5),
    ])
    func malformedThrowsWithLine(body: String, line: Int) {
        let error = error(body)
        #expect(error != nil, "accepted: \(body)")
        #expect(error?.line == line, "\(String(describing: error))")
    }

    @Test func externalEntitiesAreNeverExpanded() {
        // A declared entity is not one of the five predefined ones: rejected, not resolved.
        let body = """
            <!DOCTYPE plist [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
            <plist><string>&xxe;</string></plist>
            """
        #expect(plistError { _ = try PropertyListReader.read(Array(body.utf8)) }?.message == "undefined entity &xxe;")
    }

    /// A stray `="` inside a tag used to be read as an attribute value and swallow the
    /// markup up to the next quote, silently producing a different string (go-plist s10).
    @Test func malformedAttributeDoesNotSwallowMarkup() {
        let body = "<plist><dict><key>test</key>\n<string =\">apple</string>\n<!--<string \">libplist</string><!---->\n</dict></plist>"
        let error = error(body)
        #expect(error?.line == 4)
        #expect(error?.message == "malformed attribute in <string>")
    }

    @Test func attributesAreAccepted() throws {
        #expect(try read("<plist version='1.0' a = \"b\"><string>x</string></plist>").root == .string("x"))
    }
}

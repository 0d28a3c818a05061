import Testing
@testable import PropertyLists

/// The encoding an XML declaration names must agree with how the text was decoded.
@Suite struct XMLDeclarationTests {
    func read(_ declaration: String, _ value: String = "x") throws -> PlistDocument {
        try PropertyListReader.read(Array((declaration + "\n<plist><string>\(value)</string></plist>").utf8))
    }

    @Test(arguments: [
        #"<?xml version="1.0" encoding="UTF-8"?>"#,
        #"<?xml version="1.0" encoding='utf-8' standalone="yes"?>"#,
        #"<?xml version="1.0"?>"#,
        #"<?xml version="1.0" encoding = "US-ASCII" ?>"#,
        #"<?xml version="1.0" encoding="ISO-8859-1"?>"#,
    ])
    func acceptedDeclarations(declaration: String) throws {
        #expect(try read(declaration).root == .string("x"))
    }

    /// swift-foundation's Test_5616259.bad: CoreFoundation refuses an unknown encoding,
    /// so the app could not read this file either.
    @Test func unknownEncodingIsRejected() {
        let error = plistError { _ = try read(#"<?xml version="1.0" encoding="foobar"?>"#) }
        #expect(error?.message == "unknown encoding \"foobar\" in the XML declaration")
        #expect(error?.line == 1)
    }

    /// Bytes that are valid UTF-8 but declared Latin-1 mean other characters ("Ã©", not
    /// "é"): refuse rather than store the wrong text.
    @Test func nonASCIIInAn8BitEncodingIsRejected() {
        let error = plistError { _ = try read(#"<?xml version="1.0" encoding="ISO-8859-1"?>"#, "caf\u{E9}") }
        #expect(error?.message == "text declared as \"ISO-8859-1\" is not ASCII, and only UTF-8 and UTF-16 are decoded")
        #expect(error?.line == 2)
    }

    /// The same file saved in Latin-1 (é as the single byte E9, not valid UTF-8) gets the
    /// message about its declared encoding, not "invalid UTF-8 at byte …".
    @Test func latin1BytesGetTheEncodingMessage() {
        let text = #"<?xml version="1.0" encoding="ISO-8859-1"?>"# + "\n<plist><string>caf"
        let bytes = Array(text.utf8) + [0xE9] + Array("</string></plist>".utf8)
        let error = plistError { _ = try PropertyListReader.read(bytes) }
        #expect(error?.message == "text declared as \"ISO-8859-1\" is not ASCII, and only UTF-8 and UTF-16 are decoded")
        #expect(error?.line == 2)
        let undeclared = plistError { _ = try PropertyListReader.read(Array("<plist><string>caf".utf8) + [0xE9]) }
        #expect(undeclared?.message.hasPrefix("invalid UTF-8 at byte") == true, "\(String(describing: undeclared))")
    }

    @Test func declarationIsFoundOnlyAtTheStart() {
        #expect(XMLDeclaration.encodingName(Array(#"<?xml version="1.0" encoding="abc"?>"#.utf8)).map { Array($0) } == Array("abc".utf8))
        #expect(XMLDeclaration.encodingName(Array(#"<?xmlfoo encoding="abc"?>"#.utf8)) == nil)
        #expect(XMLDeclaration.encodingName(Array(#"<?xml version="1.0"?><string>encoding="abc"</string>"#.utf8)) == nil)
        #expect(XMLDeclaration.encodingName(Array(#"<?xml encoding="abc"#.utf8)) == nil)
    }
}

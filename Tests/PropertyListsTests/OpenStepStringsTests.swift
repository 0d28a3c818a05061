import Foundation
import Testing
@testable import PropertyLists

/// `.strings` files and old-style (OpenStep) text plists.
@Suite struct OpenStepStringsTests {
    static let sample = """
        /* A block comment
           over two lines */
        "greeting" = "Hello, \\"world\\"";   // a line comment
        "multi" = "line one\\nline two";
        "unicode" = "\\U00e9t\\u00E9 \\U1234";
        "backslash" = "a\\\\b";
        "tab" = "a\\tb";
        unquoted_key = "value";
        "shorthand";
        "emoji" = "👋";

        """

    @Test(arguments: TestTextEncoding.allCases)
    func everyEncoding(encoding: TestTextEncoding) throws {
        let doc = try readStrings(Self.sample, encoding)
        #expect(doc.format == .strings)
        #expect(doc.encoding == encoding.expected)
        let pairs = stringPairs(doc)
        #expect(pairs.map(\.0) == ["greeting", "multi", "unicode", "backslash", "tab", "unquoted_key", "shorthand", "emoji"])
        #expect(pairs.map(\.1) == ["Hello, \"world\"", "line one\nline two", "étu00E9 \u{1234}", "a\\b", "a\tb",
                                   "value", "shorthand", "👋"])
        #expect(doc.duplicateKeys.isEmpty)
    }

    /// Only uppercase `\U` is a Unicode escape in CoreFoundation: `\u00e9` is the text
    /// "u00e9" on a device, so reading it as "é" stored a value the app never shows.
    /// `\U` without hex digits is U+0000. (Found by comparing with CoreFoundation.)
    @Test func onlyUppercaseUIsAUnicodeEscape() throws {
        let doc = try readStrings(#""k" = "\uCCCCa \u00e9 \U41 \UD83D\UDE00 \u \U";"#)
        #expect(doc.root["k"] == .string("uCCCCa u00e9 A 😀 u \u{0}"))
        var format = PropertyListSerialization.PropertyListFormat.openStep
        let reference = try PropertyListSerialization.propertyList(
            from: Data(#""k" = "\uCCCCa \u00e9 \U41 \UD83D\UDE00 \u \U";"#.utf8), options: [], format: &format)
        #expect((reference as? [String: Any])?["k"] as? String == "uCCCCa u00e9 A 😀 u \u{0}")
    }

    @Test func surrogatePairEscapesAreJoined() throws {
        let doc = try readStrings(#""k" = "\UD83D\UDE00";"#)
        #expect(doc.root["k"] == .string("😀"))
        // CoreFoundation loads a table with an unpaired surrogate (it keeps the UTF-16 unit):
        // it reads as U+FFFD, and the escape after an unpaired high surrogate on its own.
        #expect(try readStrings(#""k" = "\UD83D";"#).root["k"] == .string("\u{FFFD}"))
        #expect(try readStrings(#""k" = "\UDE00x";"#).root["k"] == .string("\u{FFFD}x"))
        #expect(try readStrings(#""k" = "\UD83D\U41";"#).root["k"] == .string("\u{FFFD}A"))
    }

    /// Octal escapes are one byte in the NeXTSTEP encoding, as CoreFoundation reads them.
    @Test func octalEscapesUseNeXTSTEP() throws {
        let doc = try readStrings(#""k" = "\101\12\200\245\341\400\777";"#)
        #expect(doc.root["k"] == .string("A\n\u{A0}\u{A5}\u{C6}\u{0}\u{FFFD}"))
    }

    @Test func duplicateKeysAreRecordedWithLines() throws {
        let doc = try readStrings("\"a\" = \"1\";\n\"b\" = \"2\";\n\n\"a\" = \"3\";\n")
        #expect(doc.root["a"] == .string("3"))
        #expect(doc.root.dictionaryValue?.keys == ["a", "b"])
        #expect(doc.duplicateKeys == [DuplicateKey(dictionaryPath: [], key: "a", lines: [1, 4])])
    }

    /// CoreFoundation reads a file whose last comment is never closed (the comment runs
    /// to the end); rejecting it reported files that work on a device as undecodable.
    @Test func unterminatedTrailingCommentEndsTheFile() throws {
        let text = "\"a\" = \"b\";\n/* open comment\n\"c\" = \"d\";\n"
        #expect(stringPairs(try readStrings(text)).map(\.0) == ["a"])
        #expect(try PropertyListReader.read(Array("{ a = b; } /* x".utf8)).root["a"] == .string("b"))
        var format = PropertyListSerialization.PropertyListFormat.openStep
        let reference = try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: &format)
        #expect((reference as? [String: String]) == ["a": "b"])
    }

    @Test func emptyAndCommentOnlyFilesAreEmptyDictionaries() throws {
        #expect(try readStrings("").root == .dictionary(PlistDictionary()))
        #expect(try readStrings("/* nothing */\n// here\n").root == .dictionary(PlistDictionary()))
        #expect(try readStrings("", .utf16LEBOM).root == .dictionary(PlistDictionary()))
    }

    /// Foundation's old-style parser accepts `hello` (an unquoted string) as a whole
    /// property list. A `.strings` file must be `key = value;` entries, so `readStrings`
    /// parses a dictionary body: a lone word has no `=`/`;` and is rejected, with its line.
    @Test(arguments: [
        ("hello world", "expected '=' or ';' after key \"hello\""),
        ("hello", "expected '=' or ';' after key \"hello\""),
        ("\"hello\"", "expected '=' or ';' after key \"hello\""),
        ("\"a\" = \"b\"", "expected ';' after value for key \"a\""),
        ("\"a\" = ;", "unexpected ';', expected a value"),
        ("\"a\" \"b\";", "expected '=' or ';' after key \"a\""),
        ("= \"b\";", "expected a key, found '='"),
        ("(a, b)", "expected a key, found '('"),
        ("\"a\" = \"b\"; }", "unexpected '}' outside a dictionary"),
        ("\"a\" = \"unterminated;", "unterminated string opened on line 1"),
        ("\"a\" = /* open comment", "unexpected end of file, expected a value"),
        ("\"a\" = \"b\" /* open comment", "expected ';' after value for key \"a\""),
    ])
    func garbageIsRejectedForStrings(text: String, message: String) {
        let error = plistError { _ = try readStrings(text) }
        #expect(error?.message == message)
        #expect(error?.line == 1)
    }

    /// The same text read as a whole old-style plist: a bare word is still not accepted
    /// (Foundation would return the string "hello"; a plist file that is one word is
    /// garbage for us, not data).
    @Test func bareWordIsNotAnOldStylePlist() {
        #expect(plistError { _ = try PropertyListReader.read(Array("hello".utf8)) }?.message
            == "not a property list: expected '{', '(', '<' or a quoted string, found 'h'")
        #expect(plistError { _ = try PropertyListReader.read(Array("hello world".utf8)) } != nil)
        #expect(plistError { _ = try PropertyListReader.read([]) }?.message == "empty file is not a property list")
    }

    @Test func errorsNameTheirLine() {
        let error = plistError { _ = try readStrings("\"a\" = \"1\";\n\n\"b\" = \"2\"\n\"c\" = \"3\";\n") }
        #expect(error?.line == 4)
        let utf16 = plistError { _ = try readStrings("\"a\" = \"1\";\n\"b\" \"2\";\n", .utf16BE) }
        #expect(utf16?.line == 2)
    }

    @Test func invalidEncodingIsAnError() {
        #expect(plistError { _ = try PropertyListReader.readStrings([0x22, 0x61, 0xFF, 0x22]) }?.message == "invalid UTF-8 at byte 2")
        // Odd byte count in UTF-16 with a BOM.
        #expect(plistError { _ = try PropertyListReader.readStrings([0xFF, 0xFE, 0x22, 0x00, 0x61]) } != nil)
        // Lone low surrogate.
        #expect(plistError { _ = try PropertyListReader.readStrings([0xFF, 0xFE, 0x00, 0xDC]) } != nil)
    }

    @Test func oldStylePlistAllTypes() throws {
        let text = """
            // comment
            {
                name = "Example";
                list = ( a, "b c", <0a0B ff>, { inner = x; } , );
                "quoted key" = 'single';
                path = /usr/bin/env;
                version = 1.2.3;
                empty = {};
            }
            """
        let doc = try PropertyListReader.read(Array(text.utf8))
        #expect(doc.format == .openStep)
        #expect(doc.encoding == .utf8)
        let root = try #require(doc.root.dictionaryValue)
        #expect(root.keys == ["name", "list", "quoted key", "path", "version", "empty"])
        #expect(root["list"] == .array([.string("a"), .string("b c"), .data([0x0A, 0x0B, 0xFF]),
                                         .dictionary(PlistDictionary([("inner", .string("x"))]))]))
        #expect(root["quoted key"] == .string("single"))
        #expect(root["path"] == .string("/usr/bin/env"))
        // Old-style text has only strings: numbers stay strings.
        #expect(root["version"] == .string("1.2.3"))
        #expect(root["empty"] == .dictionary(PlistDictionary()))
    }

    @Test func bracedStringsFileIsOldStyle() throws {
        let doc = try readStrings("{ \"a\" = \"b\"; }")
        #expect(doc.format == .openStep)
        #expect(doc.root["a"] == .string("b"))
    }

    @Test func oldStyleErrors() {
        #expect(plistError { _ = try PropertyListReader.read(Array("{ a = b; ".utf8)) }?.message
            == "missing '}' for the dictionary opened on line 1")
        #expect(plistError { _ = try PropertyListReader.read(Array("(\na\nb)".utf8)) }?.line == 3)
        #expect(plistError { _ = try PropertyListReader.read(Array("<0a0>".utf8)) }?.message == "odd number of hex digits in <data>")
        #expect(plistError { _ = try PropertyListReader.read(Array("{} extra".utf8)) } != nil)
        let deep = String(repeating: "(", count: 300) + String(repeating: ")", count: 300)
        #expect(plistError { _ = try PropertyListReader.read(Array(deep.utf8)) }?.message == "nesting deeper than 256 levels")
    }

    /// `.strings` files compiled into bundles are binary or XML plists: readStrings
    /// sniffs those and reports their real format.
    @Test func compiledStringsFilesAreSniffed() throws {
        let xml = "<?xml version=\"1.0\"?><plist><dict><key>a</key><string>b</string></dict></plist>"
        let doc = try PropertyListReader.readStrings(Array(xml.utf8))
        #expect(doc.format == .xml)
        #expect(doc.root["a"] == .string("b"))
    }
}

/// What the `.strings` rejection above guards against: CoreFoundation's old-style reader
/// takes a lone word as a whole property list (a string), so a garbage `.strings` file
/// would read as "valid". Checked against swift-corelibs-foundation, used as a reference.
@Suite struct FoundationLeniencyTests {
    @Test func foundationAcceptsALoneWord() throws {
        var format = PropertyListSerialization.PropertyListFormat.openStep
        let value = try PropertyListSerialization.propertyList(from: Data("hello".utf8), options: [], format: &format)
        #expect(value as? String == "hello")
        #expect(plistError { _ = try PropertyListReader.readStrings(Array("hello".utf8)) } != nil)
    }
}

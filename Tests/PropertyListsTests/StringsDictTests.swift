import Testing
@testable import PropertyLists

/// `.stringsdict` files are XML plists: nested dictionaries with plural rules.
@Suite struct StringsDictTests {
    static let stringsdict = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>%d file(s) remaining</key>
            <dict>
                <key>NSStringLocalizedFormatKey</key>
                <string>%#@files@</string>
                <key>files</key>
                <dict>
                    <key>NSStringFormatSpecTypeKey</key>
                    <string>NSStringPluralRuleType</string>
                    <key>NSStringFormatValueTypeKey</key>
                    <string>d</string>
                    <key>one</key>
                    <string>%d file remaining</string>
                    <key>other</key>
                    <string>%d files remaining</string>
                    <key>other</key>
                    <string>%d files left</string>
                </dict>
            </dict>
        </dict>
        </plist>
        """

    @Test func pluralRulesDecode() throws {
        let doc = try PropertyListReader.read(Array(Self.stringsdict.utf8))
        #expect(doc.format == .xml)
        let entry = try #require(doc.root["%d file(s) remaining"])
        #expect(entry["NSStringLocalizedFormatKey"] == .string("%#@files@"))
        let files = try #require(entry["files"]?.dictionaryValue)
        #expect(files.keys == ["NSStringFormatSpecTypeKey", "NSStringFormatValueTypeKey", "one", "other"])
        #expect(files["one"] == .string("%d file remaining"))
        #expect(files["other"] == .string("%d files left"))
        // The duplicate is reported with the path of the dictionary that holds it.
        #expect(doc.duplicateKeys == [DuplicateKey(dictionaryPath: ["%d file(s) remaining", "files"], key: "other", lines: [17, 19])])
    }

    /// `.stringsdict` goes through `readStrings` too (it sniffs XML).
    @Test func readStringsSniffsXML() throws {
        let doc = try PropertyListReader.readStrings(Array(Self.stringsdict.utf8))
        #expect(doc.format == .xml)
        #expect(doc.root.dictionaryValue?.keys == ["%d file(s) remaining"])
    }

    @Test func truncatedStringsDictFails() {
        let cut = String(Self.stringsdict.prefix(400))
        let error = plistError { _ = try PropertyListReader.read(Array(cut.utf8)) }
        #expect(error != nil)
        #expect(error?.line != nil)
    }
}

import Foundation
import Testing
@testable import PropertyLists

/// The `.strings` edge cases checked against CoreFoundation's parser (swift-corelibs'
/// `PropertyListSerialization`, an oracle only): we accept what it accepts, with the same keys.
@Suite struct StringsFoundationDifferentialTests {
    static func foundationKeys(_ text: String) -> Set<String>? {
        var format = PropertyListSerialization.PropertyListFormat.openStep
        let value = try? PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: &format)
        return (value as? [String: Any]).map { Set($0.keys) }
    }

    @Test(arguments: [
        "\"a\" = \"b\"; // trailing\n\"c\" = \"d\"; /* c */",
        "\"a\" = \"b\" /* between */ ;",
        "\"a\";\n\"c\" = \"d\";",
        "\"a\" = \"b\";\n;\n",
        "\"a\" = \"b\";;",
        "\"a\" = \"b\"; /* unterminated",
        "a = b; c=d;",
        "\"a\" = \"b\";\n\"c\" = \"d\"",
        "\"a\" = \"b\"\n\"c\" = \"d\";",
        "\"a\"=\"b\";\n\"c\"\n",
        ";\"a\" = \"b\";",
    ])
    func agreesWithFoundation(text: String) {
        let ours = (try? PropertyListReader.readStrings(Array(text.utf8)))?.root.dictionaryValue.map { Set($0.keys) }
        #expect(ours == Self.foundationKeys(text), "\(text.debugDescription)")
    }

    /// The one place we differ on purpose: CoreFoundation stops at a `;` where a key should
    /// start and silently drops the entries after it; we call the table unreadable.
    @Test func strayEntryBeforeMoreEntriesDropsThemInFoundation() {
        let text = "\"a\" = \"b\";; \"c\" = \"d\";"
        #expect(Self.foundationKeys(text) == ["a"])
        #expect((try? PropertyListReader.readStrings(Array(text.utf8))) == nil)
    }
}

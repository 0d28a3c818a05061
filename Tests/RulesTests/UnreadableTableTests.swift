import BundleModel
import PropertyLists
import Testing
@testable import Rules

@Suite struct UnreadableTableTests {
    /// A table with a missing `;` is one error naming the file and the line; the other
    /// rules still run on the readable tables.
    @Test func aBrokenTableIsOneErrorAndTheComparisonGoesOn() {
        var text = ""
        for n in 1...3 { text += "/* Class = \"NSMenuItem\"; */\n\"k\(n)\" = \"v\(n)\";\n\n" }
        text += "\"k4\" = \"v4\"\n\n\"k5\" = \"v5\";\n"
        let build = L10nExamples.app(tables: [
            ("en.lproj/Main.strings", [("k1", "A"), ("k2", "B")]),
            ("en.lproj/Localizable.strings", [("n", "%d items")]),
            ("fr.lproj/Localizable.strings", [("n", "%@ éléments")]),
        ]).stringsText("Example.app/pt-BR.lproj/Main.strings", text)
        let all = RuleEngine.run(old: BuildSnapshot(sourceKind: .directory, sourceName: "none", entries: [], plists: [:],
                                                    bundles: []), new: build.snapshot())
        let unreadable = all.filter { $0.ruleID == .unreadableTable }
        #expect(unreadable.count == 1)
        #expect(unreadable.first?.severity == .error)
        #expect(unreadable.first?.paths == [BundlePath("Example.app/pt-BR.lproj/Main.strings")])
        #expect(unreadable.first?.message == "pt-BR.lproj/Main.strings does not parse (line 12: expected ';' after value "
            + "for key \"k4\" (the value ends on line 10)): the system loads none of its strings")
        #expect(all.contains { $0.ruleID == .formatSpecifierMismatch })
    }

    /// What CoreFoundation reads, we read: trailing comments, `"key";`, a final stray `;`.
    /// A `;` with entries after it drops them at run time: that is unreadable too.
    @Test func strayAndShortcutEntries() throws {
        let ok = try PropertyListReader.readStrings(Array("\"a\" = \"b\"; // c\n\"OK\";\n;\n;".utf8))
        #expect(ok.root.dictionaryValue?["OK"] == .string("OK"))
        #expect(ok.root.dictionaryValue?["a"] == .string("b"))
        do {
            _ = try PropertyListReader.readStrings(Array("\"a\" = \"b\";\n;\n\"c\" = \"d\";\n".utf8))
            Issue.record("a stray ';' before more entries was accepted")
        } catch {
            #expect(error.description == "line 2: stray ';' where a key should start: the entries after it are not loaded")
        }
    }
}

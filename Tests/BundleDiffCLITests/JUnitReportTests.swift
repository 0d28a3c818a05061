import Foundation
#if canImport(FoundationXML)
import FoundationXML
import Rules
#endif
import Testing
import TestSupport

/// `--format junit` is well-formed XML 1.0 that CI systems count: one test case per rule
/// per bundle, failures carrying the failing findings, hostile names escaped.
@Suite struct JUnitReportTests {
    /// What an XML parser sees: elements with their attributes and text, in order.
    final class Reader: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        var text: [String: String] = [:]
        private var current: [String] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            elements.append((name, attributes))
            current.append(name)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            current.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let name = current.last { text[name, default: ""] += string }
        }

        static func read(_ xml: String) -> Reader? {
            let parser = XMLParser(data: Data(xml.utf8))
            let reader = Reader()
            parser.delegate = reader
            return parser.parse() ? reader : nil
        }

        func count(_ name: String) -> Int { elements.count { $0.name == name } }
        func attribute(_ element: String, _ key: String) -> String? { elements.first { $0.name == element }?.attributes[key] }
    }

    @Test func oneTestCasePerRulePerBundleAndFailuresCount() throws {
        let r = CLIHarness.run(["diff", CLIHarness.demoBuild(1), CLIHarness.demoBuild(2), "--format", "junit",
                                "--fail-on", "warning"])
        #expect(r.status == 1)
        let xml = try #require(Reader.read(r.out), "well-formed XML")
        #expect(xml.count("testsuite") == 3, "one suite per bundle")
        #expect(xml.count("testcase") == 3 * RuleID.allCases.count, "every rule that ran, per bundle")
        #expect(xml.attribute("testsuites", "tests") == "\(3 * RuleID.allCases.count)")
        #expect(xml.attribute("testsuites", "failures") == "\(xml.count("failure"))")
        #expect(xml.count("failure") == 6, "5 rules of the app and 1 of the share extension have warnings or errors")
        let errorsOnly = CLIHarness.run(["diff", CLIHarness.demoBuild(1), CLIHarness.demoBuild(2), "--format", "junit"])
        let strict = try #require(Reader.read(errorsOnly.out))
        #expect(strict.count("failure") == 1, "only l10n.format-specifiers fails on error")
        #expect(strict.count("system-out") == 6, "the other rules' findings are output, not failures")
        #expect(strict.text["failure"]?.contains("argument type differs") == true)
    }

    @Test func hostileNamesAreEscapedAndSurviveParsing() throws {
        let text = try HostileReportTests.render("junit")
        try GoldenReportTests.check(text, golden: "Tests/Goldens/hostile-diff.junit.xml")
        #expect(!text.contains("<script>"), "no raw markup")
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no control characters")
        #expect(!text.unicodeScalars.contains("\u{202E}"), "no raw right-to-left override")
        let xml = try #require(Reader.read(text), "well-formed XML")
        let out = xml.text["system-out"] ?? ""
        #expect(out.contains(ReportFixtures.script), "the parser reads the name back: \(out)")
        #expect(out.contains("bell\\u{7}key") && out.contains("\\u{202e}gnp.exe") && out.contains("first\\nsecond"))
        #expect(xml.count("failure") == 1, "the unchanged build number fails")
    }

    @Test func hostileFindingsInAFailureStayEscaped() throws {
        let scratch = try ScratchDirectory("junit")
        let (old, new) = try ReportFixtures.hostile(in: scratch)
        let r = CLIHarness.run(["diff", old, new, "--format", "junit", "--fail-on", "warning"])
        #expect(!r.out.contains("<script>"))
        let xml = try #require(Reader.read(r.out), "well-formed XML")
        #expect(xml.count("failure") == 2 && xml.count("system-out") == 0, "both findings fail at warning")
        #expect(xml.text["failure"]?.contains(ReportFixtures.script) == true)
        #expect(xml.text["failure"]?.contains("\\u{202e}gnp.exekey") == true, "the RTL override is shown, not obeyed")
    }
}

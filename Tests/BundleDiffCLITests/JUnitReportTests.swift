import Foundation
#if canImport(FoundationXML)
import FoundationXML
import Rules
#endif
import Testing
import TestSupport

/// `--format junit` is XML 1.0 valid against the Jenkins/Surefire JUnit XSD that CI systems
/// count: one test case per failing finding and per warning, failures carrying the finding,
/// hostile names escaped.
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

    /// `xml` with the measured `time` of `<testsuites>` set to 0, for byte comparisons (the
    /// comparison's duration differs from run to run; nothing else does).
    static func timeless(_ xml: String) -> String {
        guard let open = xml.range(of: "<testsuites "), let line = xml[open.lowerBound...].firstIndex(of: "\n"),
              let time = xml.range(of: " time=\"", range: open.upperBound..<line),
              let close = xml[time.upperBound..<line].firstIndex(of: "\"") else { return xml }
        return xml.replacingCharacters(in: time.upperBound..<close, with: "0")
    }

    @Test func oneTestCasePerFindingThatMattersAndFailuresCount() throws {
        let r = CLIHarness.run(["diff", CLIHarness.demoBuild(1), CLIHarness.demoBuild(2), "--format", "junit",
                                "--fail-on", "warning"])
        #expect(r.status == 1)
        #expect(try SchemaCheck.xmlProblems(r.out) == nil, "valid against the JUnit XSD")
        let xml = try #require(Reader.read(r.out), "well-formed XML")
        #expect(xml.count("testsuite") == 2, "one suite per bundle with findings: the app and the share extension")
        #expect(xml.count("testcase") == 14, "1 error and 13 warnings; no empty passing test case per rule, no info")
        #expect(xml.attribute("testsuites", "tests") == "14")
        #expect(xml.attribute("testsuites", "failures") == "14" && xml.count("failure") == 14)
        let errorsOnly = CLIHarness.run(["diff", CLIHarness.demoBuild(1), CLIHarness.demoBuild(2), "--format", "junit"])
        #expect(try SchemaCheck.xmlProblems(errorsOnly.out) == nil)
        let strict = try #require(Reader.read(errorsOnly.out))
        #expect(strict.count("testcase") == 14, "warnings stay visible as passing test cases")
        #expect(strict.count("failure") == 1, "only the l10n.format-specifiers error fails on error")
        #expect(strict.count("system-out") == 13, "each warning is its test case's output")
        let failure = try #require(strict.elements.first { $0.name == "failure" }?.attributes)
        #expect(failure["type"] == "l10n.format-specifiers", "the type is the rule id")
        #expect(failure["message"]?.hasPrefix("fr.lproj/Localizable.strings key 'trip.count': argument type differs") == true,
                "the message is the finding itself: \(failure["message"] ?? "")")
        let cases = strict.elements.filter { $0.name == "testcase" }
        #expect(cases.contains { $0.attributes["name"] == "l10n.format-specifiers fr.lproj/Localizable.strings|trip.count" },
                "a test case is named by its rule and the finding's stable subject")
        #expect(Set(cases.compactMap { $0.attributes["name"] }).count == cases.count, "names are unique")
        let time = try #require(strict.attribute("testsuites", "time").flatMap(Double.init), "time is measured")
        #expect(time > 0 && time < 600)
        #expect(cases.allSatisfy { $0.attributes["time"] == "0" })
    }

    @Test func aCleanComparisonHasNoPaddingTestCases() throws {
        let r = CLIHarness.run(["gate", CLIHarness.demoBuild(2), "--against", CLIHarness.demoBuild(1), "--format", "junit",
                                "--only-new"])
        #expect(try SchemaCheck.xmlProblems(r.out) == nil)
        let xml = try #require(Reader.read(r.out))
        #expect(xml.count("testcase") == 2 && xml.count("failure") == 0, "the two nested-version warnings, passing")
        #expect(xml.count("testsuite") == 1)
    }

    @Test func aReproducibleBuildGetsTheSameBytes() throws {
        let arguments = ["diff", CLIHarness.demoBuild(1), CLIHarness.demoBuild(2), "--format", "junit"]
        let first = CLIHarness.run(arguments, environment: ["SOURCE_DATE_EPOCH": "1700000000"])
        let second = CLIHarness.run(arguments, environment: ["SOURCE_DATE_EPOCH": "1700000000"])
        #expect(first.out.contains("<testsuites name=\"bundlediff diff com.example.wanderlust\" tests=\"14\" failures=\"1\" errors=\"0\" time=\"0\">"))
        #expect(Array(first.out.utf8) == Array(second.out.utf8), "no measured time under SOURCE_DATE_EPOCH")
    }

    @Test func theXSDCatchesWhatCIWouldRefuse() throws {
        let r = CLIHarness.run(["diff", CLIHarness.demoBuild(1), CLIHarness.demoBuild(2), "--format", "junit"])
        let broken = r.out.replacingOccurrences(of: "<testsuites name=", with: "<testsuites skipped=\"0\" name=")
        #expect(try SchemaCheck.xmlProblems(broken) != nil, "an attribute the schema does not allow is refused")
    }

    @Test func hostileNamesAreEscapedAndSurviveParsing() throws {
        let text = try HostileReportTests.render("junit")
        try GoldenReportTests.check(Self.timeless(text), golden: "Tests/Goldens/hostile-diff.junit.xml")
        #expect(try SchemaCheck.xmlProblems(text) == nil)
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

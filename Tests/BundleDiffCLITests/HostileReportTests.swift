import Foundation
import Testing
import TestSupport

/// Hostile names (markup, quotes, pipes, backticks, line breaks, a right-to-left override)
/// in every machine-read format: golden files in Tests/Goldens, byte for byte.
@Suite struct HostileReportTests {
    /// Renders the hostile diff in `format`, with the scratch folder left out of the paths.
    static func render(_ format: String) throws -> String {
        let scratch = try ScratchDirectory("hostile")
        let (old, new) = try ReportFixtures.hostile(in: scratch)
        let r = CLIHarness.run(["diff", old, new, "--format", format, "--report-date", GoldenReportTests.date])
        #expect(r.err.isEmpty, "\(r.err)")
        return r.out.replacingOccurrences(of: scratch.path + "/", with: "")
    }

    @Test func jsonKeepsHostileNamesAsData() throws {
        let text = try Self.render("json")
        try GoldenReportTests.check(text, golden: "Tests/Goldens/hostile-diff.json")
        let doc = try JSONTree.parse(text)
        let messages = (doc["findings"]?.arrayValue ?? []).compactMap { $0["message"]?.stringValue }
        #expect(messages.contains { $0.contains(ReportFixtures.script) && $0.contains(ReportFixtures.rtl) },
                "JSON strings carry the text itself, escaped only as JSON requires")
    }
}

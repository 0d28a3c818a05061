import Foundation
import Testing
import TestSupport

/// The migration report in every format, from a container pair whose app id, file names
/// and settings keys carry hostile text: golden files in Tests/Goldens, byte for byte, and
/// nothing hidden or markup-like reaches the output raw.
@Suite struct ContainerReportTests {
    static let evil = HostileOutputFixture.evil
    static let name = HostileOutputFixture.fileSafe

    /// A before/after pair: the user's documents (with a hostile name) moved to Caches, a
    /// hostile settings key dropped and another renamed, a hostile file in Preferences.
    static func pair(in scratch: ScratchDirectory) throws -> (String, String) {
        var before = FixtureBuilder.dataContainer(app: "com.example.\(name)")
        before.setFile("Library/Preferences/com.example.\(name).plist",
                       FixtureBuilder.defaults([evil: "kept", "old \(evil)": "moved value", "units": "metric"], binary: false))
        before.setFile("Documents/\(name).txt", "the user's notes")
        let old = try before.writeDirectory(in: scratch.path, named: "before")
        var after = before
        after.remove("Documents/\(name).txt")
        after.setFile("Library/Caches/\(name).txt", "the user's notes")
        after.setFile("Library/Preferences/com.example.\(name).plist",
                      FixtureBuilder.defaults([evil: "kept", "new \(evil)": "moved value"], binary: false))
        after.setFile("Library/Preferences/\(name).json", "{}")
        let new = try after.writeDirectory(in: scratch.path, named: "after")
        return (old, new)
    }

    static func render(_ format: String) throws -> CLIResult {
        let scratch = try ScratchDirectory("container-report")
        let (old, new) = try pair(in: scratch)
        var r = CLIHarness.run(["diff", old, new, "--format", format, "--report-date", GoldenReportTests.date])
        r.out = r.out.replacingOccurrences(of: scratch.path + "/", with: "")
        return r
    }

    @Test(arguments: GoldenReportTests.formats)
    func everyFormatRendersTheMigrationReport(_ suffix: String, _ format: String) throws {
        let r = try Self.render(format)
        #expect(r.status == 1, "documents moved to Caches fail the report: \(r.err)")
        #expect(r.err.isEmpty, "\(r.err)")
        let text = format == "junit" ? JUnitReportTests.timeless(r.out) : r.out
        try GoldenReportTests.check(text, golden: "Tests/Goldens/container-diff.\(suffix)")
        HostileOutputTests.check(text, format: format, "container diff --format \(format)")
        if format == "json" { #expect(try JSONReportTests.problems(text) == nil, "the schema knows containers") }
        // JUnit lists findings at warning and above: the renamed setting is info.
        let info = format == "junit" ? [] : ["container.setting-renamed"]
        for rule in ["container.moved-to-purgeable", "container.setting-removed", "container.preferences-file"] + info {
            #expect(text.contains(rule), "\(format) names \(rule)")
        }
    }
}

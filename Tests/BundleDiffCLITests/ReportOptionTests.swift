import Foundation
import Testing
import TestSupport

/// `--format`, `-o` and `--report-date` on `diff` and `gate`: one clear message and exit 2
/// for every bad value; the report date from the option, else SOURCE_DATE_EPOCH.
@Suite struct ReportOptionTests {
    static let diff = ["diff", CLIHarness.demoBuild(1), CLIHarness.demoBuild(2)]

    @Test func badValuesExitTwoWithOneMessage() throws {
        let scratch = try ScratchDirectory("options")
        let cases: [([String], [String: String], String)] = [
            (Self.diff + ["--format", "xml"], [:], "xml"),
            (Self.diff + ["--report-date", "yesterday"], [:], "--report-date 'yesterday' is not an ISO 8601 date"),
            (Self.diff + ["--format", "json"], ["SOURCE_DATE_EPOCH": "soon"], "SOURCE_DATE_EPOCH 'soon'"),
            (Self.diff + ["-o", scratch.path("missing/report.md")], [:], "the folder"),
            (Self.diff + ["-o", scratch.path], [:], "it is a folder"),
            (["gate", CLIHarness.demoBuild(2), "--against", CLIHarness.demoBuild(1), "--format", "pdf"], [:], "pdf"),
        ]
        for (arguments, environment, expected) in cases {
            let r = CLIHarness.run(arguments, environment: environment)
            #expect(r.status == 2, "\(arguments): \(r.err)")
            #expect(r.out.isEmpty, "\(arguments)")
            #expect(r.err.split(separator: "\n").first?.contains(expected) == true,
                    "the first line says what is wrong: \(arguments): \(r.err)")
        }
    }

    @Test func theReportDateIsAnInput() throws {
        func date(_ arguments: [String], _ environment: [String: String] = [:]) throws -> String? {
            let r = CLIHarness.run(Self.diff + ["--format", "json"] + arguments, environment: environment)
            return try JSONTree.parse(r.out)["date"]?.stringValue
        }
        #expect(try date(["--report-date", "2026-11-01T11:00:00+02:00"]) == "2026-11-01T09:00:00Z")
        #expect(try date([], ["SOURCE_DATE_EPOCH": "1700000000"]) == "2023-11-14T22:13:20Z")
        #expect(try date(["--report-date", "2026-01-01T00:00:00Z"], ["SOURCE_DATE_EPOCH": "1700000000"])
                == "2026-01-01T00:00:00Z", "the option wins")
    }

    @Test func everyFormatGoesToTheOutputFile() throws {
        let scratch = try ScratchDirectory("options")
        for format in ["text", "json", "markdown", "junit", "github", "sarif", "gitlab"] {
            let file = scratch.path("report.\(format)")
            let args = Self.diff + ["--format", format, "--report-date", GoldenReportTests.date]
            let r = CLIHarness.run(args + ["-o", file])
            #expect(r.status == 1 && r.out.isEmpty, "\(format): \(r.err)")
            let written = try String(contentsOfFile: file, encoding: .utf8)
            #expect(JUnitReportTests.timeless(written) == JUnitReportTests.timeless(CLIHarness.run(args).out),
                    "\(format): the file holds what standard output would")
        }
    }
}

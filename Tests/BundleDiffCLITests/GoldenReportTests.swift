import Foundation
import Testing
import TestSupport

/// The example reports in Reports/ are what the tool prints for the demo builds, byte for
/// byte. Set BUNDLEDIFF_UPDATE_GOLDEN=1 to rewrite them after an intended change.
@Suite struct GoldenReportTests {
    static let update = ProcessInfo.processInfo.environment["BUNDLEDIFF_UPDATE_GOLDEN"] == "1"

    /// Records both demo builds and renders every report the README shows.
    static func renderReports() throws -> [(name: String, text: String)] {
        let scratch = try ScratchDirectory("golden")
        let repo = scratch.path("history")
        var out: [(String, String)] = []
        for (n, time) in [(1, "2026-11-01T09:00:00Z"), (2, "2026-11-08T09:00:00Z")] {
            let r = CLIHarness.run(["snapshot", CLIHarness.demoBuild(n), "--repo", repo, "--label", "demo-\(n)",
                                    "--recorded-at", time])
            #expect(r.status == 0, "\(r.err)")
            out.append(("snapshot-\(n).txt", r.out))
        }
        out.append(("log.txt", CLIHarness.run(["log", "--repo", repo]).out))
        out.append(("show-latest.txt", CLIHarness.run(["show", "latest", "--repo", repo]).out))
        let diffArguments = ["diff", "com.example.wanderlust@1.0", "com.example.wanderlust@1.1", "--repo", repo]
        let gateArguments = ["gate", CLIHarness.demoBuild(2), "--against", CLIHarness.demoBuild(1)]
        for (suffix, format) in formats {
            let diff = CLIHarness.run(diffArguments + ["--format", format, "--report-date", date])
            #expect(diff.status == 1, "the demo's build 2 has error findings: \(diff.err)")
            out.append(("diff-1.0-1.1.\(suffix)", format == "junit" ? JUnitReportTests.timeless(diff.out) : diff.out))
            let gate = CLIHarness.run(gateArguments + ["--format", format, "--report-date", date])
            #expect(gate.status == 0, "\(gate.err)")
            let gateText = gate.out.replacingOccurrences(of: CLIHarness.root + "/", with: "")
            out.append(("gate-1.0-1.1.\(suffix)", format == "junit" ? JUnitReportTests.timeless(gateText) : gateText))
        }
        let details = CLIHarness.run(diffArguments + ["--details", "--report-date", date])
        out.append(("diff-1.0-1.1-details.txt", details.out))
        for (name, arguments) in historyQueries {
            let r = CLIHarness.run(["history"] + arguments + ["--repo", repo])
            #expect(r.status == 0, "\(r.err)")
            out.append((name, r.out))
        }
        out += migrationReports(repo: repo)
        return out
    }

    /// The demo's data containers recorded (each tied to its app build) and their
    /// migration report in every format.
    static func migrationReports(repo: String) -> [(name: String, text: String)] {
        var out: [(String, String)] = []
        for (name, build, time) in [("before", "1.0", "2026-11-02T09:00:00Z"), ("after", "1.1", "2026-11-09T09:00:00Z")] {
            let r = CLIHarness.run(["snapshot", "--container", "\(CLIHarness.root)/Demo/containers/\(name)", "--repo", repo,
                                    "--label", name, "--tag", "wanderlust-data-\(name)",
                                    "--build", "com.example.wanderlust@\(build)", "--recorded-at", time])
            #expect(r.status == 0, "\(r.err)")
            out.append(("snapshot-container-\(name).txt", r.out))
        }
        let arguments = ["diff", "wanderlust-data-before", "wanderlust-data-after", "--repo", repo, "--report-date", date]
        for (suffix, format) in formats {
            let diff = CLIHarness.run(arguments + ["--format", format])
            #expect(diff.status == 1, "the demo's upgrade moves offline maps to Caches: \(diff.err)")
            out.append(("migration-1.0-1.1.\(suffix)", format == "junit" ? JUnitReportTests.timeless(diff.out) : diff.out))
        }
        return out
    }

    /// History queries over the two demo builds, one per output format.
    static let historyQueries = [
        ("history-builds.txt", ["builds"]),
        ("history-key-camera.csv", ["key", "NSCameraUsageDescription", "--format", "csv"]),
        ("history-size.html", ["size", "--format", "html"]),
        ("history-languages.json", ["languages", "--format", "json"]),
    ]

    /// The report date of every example (reports are byte-stable given it).
    static let date = "2026-11-15T09:00:00Z"

    /// Every format `diff` and `gate` render, by file suffix (JUnit's measured time set to 0).
    static let formats = [("txt", "text"), ("json", "json"), ("md", "markdown"), ("html", "html"), ("junit.xml", "junit"),
                          ("github.txt", "github"), ("sarif", "sarif"), ("gitlab.json", "gitlab")]

    @Test func reportsMatchCheckedInFiles() throws {
        for (name, text) in try Self.renderReports() {
            try Self.check(text, golden: "Reports/\(name)")
        }
    }

    /// Compares `text` byte for byte with the checked-in file at `golden` (relative to the
    /// package root), or rewrites the file with BUNDLEDIFF_UPDATE_GOLDEN=1.
    static func check(_ text: String, golden: String) throws {
        let path = "\(CLIHarness.root)/\(golden)"
        if update {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return
        }
        let bytes = FileManager.default.contents(atPath: path).map { Array($0) } ?? []
        let same = bytes == Array(text.utf8)  // bytes, not String equality (which normalizes)
        let why = "\(golden) differs from the output \(firstDifference(bytes, text)); "
            + "rerun with BUNDLEDIFF_UPDATE_GOLDEN=1 if intended"
        #expect(same, Comment(rawValue: why))
    }

    /// `at line N: expected "…", got "…"` for a failure message.
    static func firstDifference(_ golden: [UInt8], _ text: String) -> String {
        let a = String(decoding: golden, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let b = text.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(a.count, b.count) where (i < a.count ? Array(a[i].utf8) : []) != (i < b.count ? Array(b[i].utf8) : []) {
            return "at line \(i + 1): expected \"\(i < a.count ? a[i] : "")\", got \"\(i < b.count ? b[i] : "")\""
        }
        return "in its length"
    }
}

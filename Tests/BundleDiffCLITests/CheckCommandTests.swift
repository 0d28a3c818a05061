import Foundation
import Reporters
import Testing
import TestSupport

/// `bundlediff check`: one build, the check rules, every report format, `diff`'s exit codes.
@Suite struct CheckCommandTests {
    /// The demo build with a top-level `Resources` folder (an iOS app may not have one).
    /// Both edits come after signing, so the seal rules see an edited Info.plist and an added
    /// file too (true findings); `sealOff` turns them off where a test is about another rule.
    static func badBuild(_ scratch: ScratchDirectory) throws -> String {
        let app = try CLIHarness.editedDemoBuild(1, in: scratch, named: "bad") { $0["CFBundleVersion"] = "42" }
        try FileManager.default.createDirectory(atPath: app + "/Resources", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: app + "/Resources/a.txt"))
        return app
    }

    static let sealOff = "  seal.changed: off\n  seal.added: off\n"

    @Test func checkJudgesOneBuildWithDiffsExitCodes() throws {
        let scratch = try ScratchDirectory("check")
        let bad = try Self.badBuild(scratch)
        let r = CLIHarness.run(["check", bad, "--report-date", "2026-11-01T09:00:00Z"])
        #expect(r.status == 1, "\(r.out)\(r.err)")
        #expect(r.out.hasPrefix("build: \(bad)\n"), "\(r.out)")
        #expect(r.out.contains("error: structure.ios-resources-folder: com.example.wanderlust: "), "\(r.out)")
        #expect(!r.out.contains("l10n."), "check runs only the check rules: \(r.out)")
        let good = CLIHarness.run(["check", CLIHarness.demoBuild(1)])
        #expect(good.status == 0, "\(good.out)")
        #expect(r.out.contains("error: seal.added: com.example.wanderlust: 'Resources/a.txt' was added after signing"), "\(r.out)")
        let lowered = try scratch.write("c.yml", "rules:\n  structure.ios-resources-folder: warning\n" + Self.sealOff)
        #expect(CLIHarness.run(["check", bad, "--config", lowered]).status == 0)
        #expect(CLIHarness.run(["check", bad, "--config", lowered, "--fail-on", "warning"]).status == 1)
        let missing = CLIHarness.run(["check", scratch.path("nothing.app")])
        #expect(missing.status == 2)
        #expect(missing.err.split(separator: "\n").count == 1, "\(missing.err)")
    }

    /// `check` names a version App Store Connect refuses with its code, as a refusal (no
    /// comparison is made), and a Developer ID build's not at all.
    @Test func checkNamesAMalformedVersionAsARefusal() throws {
        let scratch = try ScratchDirectory("check")
        let app = try CLIHarness.editedDemoBuild(1, in: scratch, named: "beta") { $0["CFBundleVersion"] = "1.0b3" }
        let r = CLIHarness.run(["check", app, "--config", try scratch.write("c.yml", "rules:\n" + Self.sealOff)])
        #expect(r.status == 1, "\(r.out)\(r.err)")
        #expect(r.out.contains("error: version.malformed: com.example.wanderlust: CFBundleVersion '1.0b3' component '0b3' is "
            + "not a non-negative integer; it must be 1–3 period-separated non-negative integers: App Store Connect refuses "
            + "it (ITMS-90058)"), "\(r.out)")
        let developerID = try scratch.write("d.yml", "distribution: developer-id\nrules:\n" + Self.sealOff)
        #expect(!CLIHarness.run(["check", app, "--config", developerID]).out.contains("version.malformed"))
    }

    @Test func checkAcceptsABaselineItWrote() throws {
        let scratch = try ScratchDirectory("check")
        let bad = try Self.badBuild(scratch)
        let baseline = scratch.path("baseline.txt")
        #expect(CLIHarness.run(["check", bad, "--write-baseline", baseline]).status == 1)
        let config = try scratch.write("c.yml", "baseline: \(baseline)\n")
        let r = CLIHarness.run(["check", bad, "--config", config])
        #expect(r.status == 0, "\(r.out)")
        #expect(r.out.contains("(accepted in baseline)"))
    }

    @Test("every format renders a check report", arguments: ReportFormat.allCases.map(\.rawValue))
    func everyFormat(_ format: String) throws {
        let scratch = try ScratchDirectory("check")
        let bad = try Self.badBuild(scratch)
        let r = CLIHarness.run(["check", bad, "--format", format, "--report-date", "2026-11-01T09:00:00Z"])
        #expect(r.status == 1, "\(r.err)")
        #expect(r.out.contains("structure.ios-resources-folder"))
        #expect(!r.out.contains(DiffReport.identicalNote) && !r.out.contains("\"identical\" : true"), "a check is not a comparison of identical builds")
        if format == "json" {
            let tree = try JSONTree.parse(r.out)
            #expect(tree["kind"] == .string("check"))
            #expect(try JSONReportTests.problems(r.out) == nil)
        }
    }

    @Test func diffShowsTheNewSidesCheckFindingsMarked() throws {
        let scratch = try ScratchDirectory("check")
        let bad = try Self.badBuild(scratch)
        let introduced = CLIHarness.run(["diff", CLIHarness.demoBuild(1), bad, "--only-new", "--details"],
                                        environment: CLIHarness.unwrapped)
        #expect(introduced.status == 1)
        #expect(introduced.out.contains("folder named 'Resources'") && introduced.out.contains("[new]"), "\(introduced.out)")
        let second = try CLIHarness.editedDemoBuild(1, in: scratch, named: "bad2") { $0["CFBundleVersion"] = "43" }
        try FileManager.default.createDirectory(atPath: second + "/Resources", withIntermediateDirectories: true)
        try Data("y".utf8).write(to: URL(fileURLWithPath: second + "/Resources/b.txt"))
        let config = try scratch.write("c.yml", "rules:\n" + Self.sealOff)
        let kept = CLIHarness.run(["diff", bad, second, "--only-new", "--details", "--config", config],
                                  environment: CLIHarness.unwrapped)
        #expect(kept.out.contains("folder named 'Resources', which an iOS app may not have; rename it [existing]"), "\(kept.out)")
        #expect(kept.status == 0, "the finding was already there: \(kept.out)")
    }
}

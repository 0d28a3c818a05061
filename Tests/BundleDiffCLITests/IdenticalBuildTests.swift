import Foundation
import Testing
import TestSupport

/// A build compared with a byte-identical copy of itself: `diff` says so and passes in
/// every format; `gate` still fails, as the same build, not as a number that did not grow.
@Suite struct IdenticalBuildTests {
    /// The demo build and a byte-identical copy of it.
    static func copies(_ scratch: ScratchDirectory) throws -> (String, String) {
        try FileManager.default.createDirectory(atPath: scratch.path("copy"), withIntermediateDirectories: true)
        let copy = scratch.path("copy/Wanderlust.app")
        try FileManager.default.copyItem(atPath: CLIHarness.demoBuild(1), toPath: copy)
        return (CLIHarness.demoBuild(1), copy)
    }

    @Test(arguments: ["text", "json", "markdown", "html", "junit", "sarif"])
    func diffSaysIdenticalAndPasses(format: String) throws {
        let scratch = try ScratchDirectory("identical")
        let (old, new) = try Self.copies(scratch)
        let r = CLIHarness.run(["diff", old, new, "--format", format, "--fail-on", "info",
                                "--report-date", "2026-11-08T09:00:00Z"])
        #expect(r.status == 0, "\(r.out)\(r.err)")
        #expect(!r.out.contains("is equal to") && !r.out.contains("same build as the baseline"), "\(r.out)")
        let said = format == "html" ? "The builds are identical" : format == "junit" ? "name=\"identical\" value=\"true\"" :
            format == "json" || format == "sarif" ? "\"identical\" : true" : "the builds are identical"
        #expect(r.out.contains(said), "\(r.out)")
        if format == "json" {
            #expect(try SchemaCheck.jsonProblems(r.out, schema: SchemaCheck.report) == nil)
        }
    }

    @Test func changedBuildsAreNotIdentical() throws {
        let r = CLIHarness.run(["diff", CLIHarness.demoBuild(1), CLIHarness.demoBuild(2), "--format", "json"])
        #expect(try JSONTree.parse(r.out)["verdict"]?["identical"] == .boolean(false))
        #expect(!CLIHarness.run(["diff", CLIHarness.demoBuild(1), CLIHarness.demoBuild(2)]).out.contains("builds are identical"))
    }

    @Test func gateAgainstTheSameBuildFailsAsTheSameBuild() throws {
        let scratch = try ScratchDirectory("identical")
        let (old, new) = try Self.copies(scratch)
        let r = CLIHarness.run(["gate", new, "--against", old])
        #expect(r.status == 1)
        #expect(r.out.contains("version.build-not-increased"), "\(r.out)")
        #expect(r.out.contains("the same build as the baseline"), "\(r.out)")
        #expect(!r.out.contains("equal to"), "\(r.out)")
        let recorded = scratch.path("h")
        #expect(CLIHarness.run(["snapshot", old, "--repo", recorded]).status == 0)
        let fromHistory = CLIHarness.run(["gate", new, "--repo", recorded])
        #expect(fromHistory.status == 1 && fromHistory.out.contains("the same build as the baseline"), "\(fromHistory.out)")
    }

    @Test func anEqualNumberOnAChangedBuildStillSaysEqual() throws {
        let scratch = try ScratchDirectory("identical")
        let rebuilt = try CLIHarness.editedDemoBuild(1, in: scratch, named: "rebuilt") { $0["Extra"] = "x" }
        let r = CLIHarness.run(["gate", rebuilt, "--against", CLIHarness.demoBuild(1)])
        #expect(r.status == 1)
        #expect(r.out.contains("is equal to 41") && !r.out.contains("same build"), "\(r.out)")
    }
}

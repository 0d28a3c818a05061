import Foundation
import Testing
import TestSupport

/// The gate never passes without looking: a history that does not exist, is no history or
/// holds no earlier build of the app and channel is an error (exit 2, one line), unless the
/// user declares a first build (`--first-build`, `first_build: true`).
@Suite struct GateHistoryTests {
    static func oneErrorLine(_ r: CLIResult, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(r.status == 2, "\(r.out)\(r.err)", sourceLocation: sourceLocation)
        #expect(r.err.hasPrefix("bundlediff: error: ") && r.err.split(separator: "\n").count == 1, "\(r.err)",
                sourceLocation: sourceLocation)
        #expect(r.err.contains(expected), "\(r.err)", sourceLocation: sourceLocation)
        #expect(r.out.isEmpty, "\(r.out)", sourceLocation: sourceLocation)
    }

    @Test func aMissingHistoryIsAnError() throws {
        let scratch = try ScratchDirectory("gate-history")
        let none = scratch.path("none")
        Self.oneErrorLine(CLIHarness.run(["gate", CLIHarness.demoBuild(2), "--repo", none]), "\(none): no history there")
        #expect(!FileManager.default.fileExists(atPath: none), "the gate creates no history")
        Self.oneErrorLine(CLIHarness.run(["gate", CLIHarness.demoBuild(2)], environment: ["BUNDLEDIFF_REPO": none]),
                          "\(none): no history there")
    }

    @Test func aFolderThatIsNoHistoryIsAnError() throws {
        let scratch = try ScratchDirectory("gate-history")
        let plain = scratch.path("plain")
        try FileManager.default.createDirectory(atPath: plain, withIntermediateDirectories: true)
        Self.oneErrorLine(CLIHarness.run(["gate", CLIHarness.demoBuild(2), "--repo", plain]), plain)
        let file = try scratch.write("file.txt", "not a history\n")
        Self.oneErrorLine(CLIHarness.run(["gate", CLIHarness.demoBuild(2), "--repo", file]), file)
    }

    @Test func aHistoryWithoutThisAppOrChannelIsAnError() throws {
        let scratch = try ScratchDirectory("gate-history")
        let repo = scratch.path("h")
        let other = FixtureBuilder.iOSApp(name: "Other", identifier: "com.example.other", languages: ["en"], nested: false)
        #expect(CLIHarness.run(["snapshot", try other.writeDirectory(in: scratch.path), "--repo", repo]).status == 0)
        Self.oneErrorLine(CLIHarness.run(["gate", CLIHarness.demoBuild(2), "--repo", repo]),
                          "no build of com.example.wanderlust on channel main was recorded before this one")
        #expect(CLIHarness.run(["snapshot", CLIHarness.demoBuild(1), "--repo", repo, "--channel", "beta"]).status == 0)
        Self.oneErrorLine(CLIHarness.run(["gate", CLIHarness.demoBuild(2), "--repo", repo]),
                          "no build of com.example.wanderlust on channel main")
        #expect(CLIHarness.run(["gate", CLIHarness.demoBuild(2), "--repo", repo, "--channel", "beta"]).status == 0)
    }

    @Test func aRemoteThatIsMissingOrEmptyIsAnError() throws {
        let scratch = try ScratchDirectory("gate-history")
        let missing = scratch.path("missing")
        Self.oneErrorLine(CLIHarness.run(["gate", CLIHarness.demoBuild(2), "--repo", scratch.path("h"), "--remote", missing]),
                          "remote \(missing): no such directory")
        let empty = scratch.path("empty.git")
        #expect(try runGit(["init", "-q", "--bare", empty], in: scratch.path).status == 0)
        let r = CLIHarness.run(["gate", CLIHarness.demoBuild(2), "--repo", scratch.path("h2"), "--remote", empty])
        #expect(r.status == 2, "\(r.out)\(r.err)")
        #expect(r.err.contains("bundlediff: error: ") && r.err.contains("no build of com.example.wanderlust on channel main"),
                "\(r.err)")
        #expect(r.out.isEmpty)
    }

    @Test func aDeclaredFirstBuildPassesWithNothingToCompare() throws {
        let scratch = try ScratchDirectory("gate-history")
        let none = scratch.path("none")
        let flag = CLIHarness.run(["gate", CLIHarness.demoBuild(2), "--repo", none, "--first-build"])
        #expect(flag.status == 0, "\(flag.out)\(flag.err)")
        #expect(flag.out.contains("first build declared") && flag.err.contains("declared first build"), "\(flag.out)\(flag.err)")
        let config = try scratch.write("first.yml", "first_build: true\n")
        #expect(CLIHarness.run(["gate", CLIHarness.demoBuild(2), "--repo", none, "--config", config]).status == 0)
        let off = try scratch.write("off.yml", "first_build: false\n")
        #expect(CLIHarness.run(["gate", CLIHarness.demoBuild(2), "--repo", none, "--config", off]).status == 2)
        let bad = try scratch.write("bad.yml", "first_build: maybe\n")
        Self.oneErrorLine(CLIHarness.run(["gate", CLIHarness.demoBuild(2), "--repo", none, "--config", bad]),
                          "first_build must be true or false")
    }

    @Test func aDeclaredFirstBuildStillComparesWhenThereIsABaseline() throws {
        let scratch = try ScratchDirectory("gate-history")
        let repo = scratch.path("h")
        #expect(CLIHarness.run(["snapshot", CLIHarness.demoBuild(2), "--repo", repo]).status == 0)
        let r = CLIHarness.run(["gate", CLIHarness.demoBuild(1), "--repo", repo, "--first-build"])
        #expect(r.status == 1, "1.0 (41) after 1.1 (42) fails whatever was declared: \(r.out)")
        #expect(r.out.hasPrefix("baseline: com.example.wanderlust@1.1+42"), "\(r.out)")
    }

    @Test func aDeclaredFirstBuildStillChecksMalformedVersions() throws {
        let scratch = try ScratchDirectory("gate-history")
        let hash = try CLIHarness.editedDemoBuild(1, in: scratch, named: "hash") { $0["CFBundleVersion"] = "3f2a9c1" }
        let r = CLIHarness.run(["gate", hash, "--repo", scratch.path("none"), "--first-build"])
        #expect(r.status == 1)
        #expect(r.out.contains("version.malformed"), "\(r.out)")
    }

    @Test func diffOfRecordedBuildsNeedsAHistory() throws {
        let scratch = try ScratchDirectory("gate-history")
        let none = scratch.path("none")
        Self.oneErrorLine(CLIHarness.run(["diff", "previous", "latest", "--repo", none]), none)
        Self.oneErrorLine(CLIHarness.run(["diff", "com.example.wanderlust@1.0", CLIHarness.demoBuild(2), "--repo", none]), none)
        #expect(!FileManager.default.fileExists(atPath: none))
    }

    @Test(arguments: [
        ["gate", "BUILD"], ["diff", "latest", "BUILD"], ["snapshot", "BUILD"], ["log"], ["show", "latest"],
        ["history", "builds"], ["history", "size"], ["sync", "/nonexistent"],
    ])
    func anEmptyRepoIsAnError(arguments: [String]) throws {
        let args = arguments.map { $0 == "BUILD" ? CLIHarness.demoBuild(1) : $0 } + ["--repo", ""]
        Self.oneErrorLine(CLIHarness.run(args), "--repo '' names no history")
    }
}

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

    /// A wrong `--against` path in a CI step names a build of another app: an input error,
    /// never a pass.
    @Test func againstABuildOfAnotherAppIsAnError() throws {
        let scratch = try ScratchDirectory("gate-history")
        let other = FixtureBuilder.iOSApp(name: "Other", identifier: "com.example.other", version: "99", nested: false)
        let path = try other.writeDirectory(in: scratch.path)
        Self.oneErrorLine(CLIHarness.run(["gate", "--against", path, CLIHarness.demoBuild(2)]),
                          "is a build of com.example.other and \(CLIHarness.demoBuild(2)) of com.example.wanderlust: "
                              + "the gate compares two builds of one app")
        #expect(CLIHarness.run(["gate", "--against", CLIHarness.demoBuild(1), CLIHarness.demoBuild(2)]).status == 0)
    }

    /// One bundle id on iOS and macOS (universal purchase): each platform numbers its own
    /// builds, so a macOS build is never judged against the iOS builds, nor the reverse.
    @Test func eachPlatformOfOneBundleIDNumbersItsOwnBuilds() throws {
        let scratch = try ScratchDirectory("gate-history")
        let repo = scratch.path("h")
        func build(_ app: FixtureBuilder, _ folder: String) throws -> String {
            try app.writeDirectory(in: scratch.path, named: folder) + "/Uni.app"
        }
        let id = "com.example.universal"
        let ios50 = try build(FixtureBuilder.iOSApp(name: "Uni", identifier: id, shortVersion: "2.0", version: "50",
                                                    nested: false), "ios50")
        let ios51 = try build(FixtureBuilder.iOSApp(name: "Uni", identifier: id, shortVersion: "2.0", version: "51",
                                                    nested: false), "ios51")
        let mac1 = try build(FixtureBuilder.macApp(name: "Uni", identifier: id, shortVersion: "2.0", version: "1"), "mac1")
        let mac2 = try build(FixtureBuilder.macApp(name: "Uni", identifier: id, shortVersion: "2.0", version: "2"), "mac2")
        #expect(CLIHarness.run(["snapshot", ios50, "--repo", repo]).status == 0)
        Self.oneErrorLine(CLIHarness.run(["gate", mac1, "--repo", repo]),
                          "no macOS build of \(id) on channel main was recorded before this one")
        #expect(CLIHarness.run(["snapshot", mac1, "--repo", repo]).status == 0)
        let mac = CLIHarness.run(["gate", mac2, "--repo", repo])
        #expect(mac.status == 0 && mac.out.hasPrefix("baseline: \(id)@2.0+1 (highest macOS build recorded on main)"),
                "\(mac.out)\(mac.err)")
        let ios = CLIHarness.run(["gate", ios51, "--repo", repo])
        #expect(ios.status == 0 && ios.out.hasPrefix("baseline: \(id)@2.0+50 (highest iOS build recorded on main)"),
                "\(ios.out)\(ios.err)")
        #expect(CLIHarness.run(["gate", mac1, "--repo", repo]).status == 1, "a macOS build no higher than macOS's")
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

import Foundation
import Testing
import TestSupport

@Suite struct RecordCommandTests {
    @Test func snapshotLogShowRoundTrip() throws {
        let scratch = try ScratchDirectory("cli")
        let repo = scratch.path("h")
        let r = CLIHarness.run(["snapshot", CLIHarness.demoBuild(1), "--repo", repo, "--recorded-at", "2026-11-01T09:00:00Z",
                                "--format", "json"])
        #expect(r.status == 0, "\(r.err)")
        let json = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
        #expect(json?["app"] as? String == "com.example.wanderlust")
        #expect(json?["build"] as? String == "41")
        #expect(json?["recordedAt"] as? String == "2026-11-01T09:00:00Z")
        #expect(json?["alreadyRecorded"] as? Bool == false)

        let again = CLIHarness.run(["snapshot", CLIHarness.demoBuild(1), "--repo", repo])
        #expect(again.status == 0)
        #expect(again.out.hasPrefix("already recorded: com.example.wanderlust 1.0 (41)"))

        let log = CLIHarness.run(["log", "--repo", repo, "--format", "json"])
        let builds = try JSONSerialization.jsonObject(with: Data(log.out.utf8)) as? [[String: Any]]
        #expect(builds?.count == 1)

        #expect(CLIHarness.run(["show", "latest", "--repo", repo, "--key", "CFBundleVersion"]).out == "41\n")
        #expect(CLIHarness.run(["show", "com.example.wanderlust@1.0+41", "--repo", repo, "--key",
                                "NSExtension.NSExtensionPointIdentifier", "--bundle", "com.example.wanderlust.share"]).out
                == "com.apple.share-services\n")
        let missing = CLIHarness.run(["show", "latest", "--repo", repo, "--key", "NoSuchKey"])
        #expect(missing.status == 2)
        #expect(missing.err == "bundlediff: error: Wanderlust.app/Info.plist: no key NoSuchKey\n")

        #expect(try CLIHarness.git(["fsck", "--strict"], repo: repo).status == 0)
        let head = try CLIHarness.git(["symbolic-ref", "HEAD"], repo: repo)
        #expect(try CLIHarness.git(["rev-parse", "--verify", head.out.trimmingCharacters(in: .whitespacesAndNewlines)],
                                   repo: repo).status == 0)
    }

    @Test func repositoryFromEnvironment() throws {
        let scratch = try ScratchDirectory("cli")
        let repo = scratch.path("from-env")
        let r = CLIHarness.run(["snapshot", CLIHarness.demoBuild(2)], environment: ["BUNDLEDIFF_REPO": repo])
        #expect(r.status == 0, "\(r.err)")
        #expect(FileManager.default.fileExists(atPath: repo + "/HEAD"))
    }

    @Test(arguments: [
        (["snapshot", "/nonexistent/Nope.app"], "/nonexistent/Nope.app"),
        (["snapshot"], "Missing expected argument '<build>'"),
        (["snapshot", "x", "--recorded-at", "yesterday"], "--recorded-at 'yesterday' is not an ISO-8601 time"),
        (["frobnicate"], "frobnicate"),
        (["snapshot", CLIHarness.demoBuild(1), "--channel", "release candidate"], "invalid channel name 'release candidate'"),
        (["snapshot", CLIHarness.demoBuild(1), "--tag", "v1", "--tag", "v1"], "the same tag is given twice"),
        (["snapshot", CLIHarness.demoBuild(1), "--tag", "bad..tag"], "invalid tag name 'bad..tag'"),
        (["gate", CLIHarness.demoBuild(1), "--channel", "no/such"], "invalid channel name 'no/such'"),
        (["log", "--channel", "a b"], "invalid channel name 'a b'"),
        (["show", "--bundle", "x", "latest"], "--bundle and --file go with --key"),
        (["diff", "a/b.app"], "Missing expected argument '<new>'"),
        (["gate", "x.app", "--fail-on", "fatal"], "fatal"),
    ])
    func usageAndInputErrorsExitTwo(arguments: [String], expected: String) throws {
        let scratch = try ScratchDirectory("cli")
        let r = CLIHarness.run(arguments.count > 1 ? arguments + ["--repo", scratch.path("h")] : arguments)
        #expect(r.status == 2)
        #expect(r.err.contains(expected), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("h")), "nothing written on bad input")
    }

    @Test func notABundleWritesNothing() throws {
        let scratch = try ScratchDirectory("cli")
        try FileManager.default.createDirectory(atPath: scratch.path("Empty.app"), withIntermediateDirectories: true)
        let r = CLIHarness.run(["snapshot", scratch.path("Empty.app"), "--repo", scratch.path("h")])
        #expect(r.status == 2)
        #expect(r.err.hasPrefix("bundlediff: error: "))
        #expect(r.err.contains("Empty.app"))
        #expect(r.err.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("h")))
    }

    @Test func historyThatIsNotARepository() throws {
        let scratch = try ScratchDirectory("cli")
        try FileManager.default.createDirectory(atPath: scratch.path("h/some"), withIntermediateDirectories: true)
        let r = CLIHarness.run(["log", "--repo", scratch.path("h")])
        #expect(r.status == 2)
        #expect(r.err.contains(scratch.path("h")))
        #expect(r.err.contains("not a git repository"))
    }
}

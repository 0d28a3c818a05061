import Foundation
import Testing
import TestSupport

/// `sync`, `snapshot --push` and `gate --remote` against bare remotes on disk and served
/// on loopback, and every way a remote can be bad.
@Suite struct RemoteCommandTests {
    func bare(_ scratch: ScratchDirectory, _ name: String = "shared.git") throws -> String {
        let path = scratch.path(name)
        #expect(try runGit(["init", "--bare", "-q", path], in: scratch.path).status == 0)
        return path
    }

    func builds(in repo: String) throws -> Int {
        let log = CLIHarness.run(["log", "--repo", repo, "--format", "json"])
        return log.out.components(separatedBy: "\"commit\"").count - 1
    }

    @Test func runnersShareOneHistoryAndTheGateSeesTheHighestBuild() throws {
        let scratch = try ScratchDirectory()
        let remote = try bare(scratch)
        let a = scratch.path("a"), b = scratch.path("b")
        let pushed = CLIHarness.run(["snapshot", CLIHarness.demoBuild(2), "--repo", a, "--push", remote])
        #expect(pushed.status == 0, "\(pushed.err)")
        #expect(pushed.out.contains("pushed to \(remote): 2 reference(s)"))
        // Runner b never recorded anything: --remote fetches runner a's build 1.1 (42).
        let gate = CLIHarness.run(["gate", CLIHarness.demoBuild(1), "--repo", b, "--remote", "file://" + remote])
        #expect(gate.status == 1, "\(gate.out)\(gate.err)")
        #expect(gate.out.contains("baseline: com.example.wanderlust@1.1+42"), "\(gate.out)")
        #expect(gate.err.contains("fetched from file://\(remote): 2 reference(s)"), "\(gate.err)")
        let diff = CLIHarness.run(["diff", "latest", CLIHarness.demoBuild(1), "--repo", scratch.path("c"),
                                   "--remote", remote])
        #expect(diff.status != 2, "\(diff.err)")
        #expect(diff.out.contains("1.1"), "\(diff.out)")
        let sync = CLIHarness.run(["sync", remote, "--repo", b])
        #expect(sync.status == 0, "\(sync.err)")
        #expect(sync.out.contains("pushed to \(remote): nothing to push"), "\(sync.out)")
        #expect(try builds(in: b) == 1)
        #expect(try runGit(["fsck", "--strict"], in: remote).status == 0)
    }

    @Test func gitDaemonOnLoopback() throws {
        let scratch = try ScratchDirectory()
        _ = try bare(scratch)
        let daemon = try LoopbackServer(gitDaemonFor: scratch.path)
        let url = "git://127.0.0.1:\(daemon.port)/shared.git"
        for (n, runner) in [(1, "a"), (2, "b")] {
            let r = CLIHarness.run(["snapshot", CLIHarness.demoBuild(n), "--repo", scratch.path(runner), "--push", url])
            #expect(r.status == 0, "\(r.err)")
        }
        let sync = CLIHarness.run(["sync", url, "--repo", scratch.path("a")])
        #expect(sync.status == 0, "\(sync.err)")
        #expect(try builds(in: scratch.path("a")) == 2)
        #expect(try runGit(["rev-list", "--count", "refs/heads/com.example.wanderlust/main"],
                           in: scratch.path("shared.git")).out == "2\n")
    }

    @Test func gitHTTPBackendOnLoopback() throws {
        let scratch = try ScratchDirectory()
        _ = try bare(scratch)
        let server = try LoopbackServer("http", root: scratch.path)
        let url = "http://127.0.0.1:\(server.port)/shared.git"
        let r = CLIHarness.run(["snapshot", CLIHarness.demoBuild(1), "--repo", scratch.path("a"), "--push", url])
        #expect(r.status == 0, "\(r.err)")
        let c = CLIHarness.run(["sync", url, "--repo", scratch.path("c"), "--fetch-only"])
        #expect(c.status == 0, "\(c.err)")
        #expect(try builds(in: scratch.path("c")) == 1)
    }

    /// One line, exit 2, the remote named (redacted), no secret, the local build kept.
    func expectCleanFailure(_ remote: String, _ expected: String, environment: [String: String] = [:],
                            secrets: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let scratch = try ScratchDirectory()
        let repo = scratch.path("h")
        var env = environment
        env["BUNDLEDIFF_NETWORK_TIMEOUT"] = env["BUNDLEDIFF_NETWORK_TIMEOUT"] ?? "3"
        let started = Date()
        let r = CLIHarness.run(["snapshot", CLIHarness.demoBuild(1), "--repo", repo, "--push", remote], environment: env)
        #expect(Date().timeIntervalSince(started) < 20, sourceLocation: sourceLocation)
        #expect(r.status == 2, sourceLocation: sourceLocation)
        let lines = r.err.split(separator: "\n")
        #expect(lines.count == 1, "\(r.err)", sourceLocation: sourceLocation)
        #expect(r.err.hasPrefix("bundlediff: error: remote "), "\(r.err)", sourceLocation: sourceLocation)
        #expect(r.err.contains(expected), "\(r.err)", sourceLocation: sourceLocation)
        for secret in secrets {
            #expect(!(r.err + r.out).contains(secret), "\(r.err)", sourceLocation: sourceLocation)
        }
        #expect(try builds(in: repo) == 1, "the local build must be kept", sourceLocation: sourceLocation)
        #expect(r.err.contains("push it later with: bundlediff sync"), sourceLocation: sourceLocation)
    }

    @Test func refusedConnection() throws {
        let port = try LoopbackServer.freePort()
        try expectCleanFailure("git://127.0.0.1:\(port)/x.git", "Connection refused")
        try expectCleanFailure("https://bob:hunter2@127.0.0.1:\(port)/x.git", "https://bob:***@127.0.0.1",
                               secrets: ["hunter2"])
    }

    @Test func garbageAnswers() throws {
        let server = try LoopbackServer("garbage")
        try expectCleanFailure("git://127.0.0.1:\(server.port)/x.git", "not the git protocol")
        try expectCleanFailure("http://tok3n@127.0.0.1:\(server.port)/x.git", "http://***@127.0.0.1", secrets: ["tok3n"])
    }

    @Test func silentServerTimesOut() throws {
        let server = try LoopbackServer("silent")
        try expectCleanFailure("git://127.0.0.1:\(server.port)/x.git", "no answer for 2 s",
                               environment: ["BUNDLEDIFF_NETWORK_TIMEOUT": "2"])
    }

    @Test func refusedCredentialsNeverLoopOrLeak() throws {
        let server = try LoopbackServer("deny")
        try expectCleanFailure("http://127.0.0.1:\(server.port)/x.git", "authentication failed",
                               environment: ["BUNDLEDIFF_GIT_TOKEN": "s3cr3t-token"], secrets: ["s3cr3t-token"])
    }

    @Test func aServerHookThatDeclinesFailsAtOnce() throws {
        let scratch = try ScratchDirectory()
        let remote = try bare(scratch)
        let hook = try scratch.write("shared.git/hooks/pre-receive", "#!/bin/sh\necho 'history is frozen' >&2\nexit 1\n")
        #expect(chmod(hook, 0o755) == 0)
        let daemon = try LoopbackServer(gitDaemonFor: scratch.path)
        try expectCleanFailure("git://127.0.0.1:\(daemon.port)/shared.git", "pre-receive hook declined")
        #expect(try runGit(["for-each-ref"], in: remote).out == "")
    }

    @Test func localRemoteThatIsNotARepository() throws {
        let scratch = try ScratchDirectory()
        try expectCleanFailure(scratch.path("missing.git"), "no such directory")
        try FileManager.default.createDirectory(atPath: scratch.path("plain"), withIntermediateDirectories: true)
        try expectCleanFailure("file://" + scratch.path("plain"), "not a git repository")
    }

    @Test(arguments: [
        ("ftp://host/x.git", "unsupported scheme 'ftp'"),
        ("https:///x.git", "the URL has no host"),
        ("file://relative/x.git", "needs an absolute path"),
        ("git://host/a\u{7}b", "control characters"),
    ])
    func invalidRemoteRecordsNothing(remote: String, expected: String) throws {
        let scratch = try ScratchDirectory()
        let r = CLIHarness.run(["snapshot", CLIHarness.demoBuild(1), "--repo", scratch.path("h"), "--push", remote])
        #expect(r.status == 2)
        #expect(r.err.contains(expected), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("h")))
    }

    @Test func aMissingSSHKeyFileRecordsNothing() throws {
        let scratch = try ScratchDirectory()
        let r = CLIHarness.run(["snapshot", CLIHarness.demoBuild(1), "--repo", scratch.path("h"), "--push",
                                "ssh://git@127.0.0.1/x.git"], environment: ["BUNDLEDIFF_SSH_KEY": scratch.path("no-key")])
        #expect(r.status == 2)
        #expect(r.err == "bundlediff: error: BUNDLEDIFF_SSH_KEY: \(scratch.path("no-key")): no readable SSH key file there\n",
                "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("h")))
    }

    @Test func syncNeedsARemote() throws {
        let scratch = try ScratchDirectory()
        let r = CLIHarness.run(["sync", "--repo", scratch.path("h")])
        #expect(r.status == 2)
        #expect(r.err == "bundlediff: error: no remote given: name one (a path or a file://, git://, http(s):// or ssh:// URL) or set BUNDLEDIFF_REMOTE\n")
        let bad = CLIHarness.run(["sync", "/x", "--repo", scratch.path("h")], environment: ["BUNDLEDIFF_NETWORK_TIMEOUT": "soon"])
        #expect(bad.err.contains("BUNDLEDIFF_NETWORK_TIMEOUT 'soon' is not a number of seconds"), "\(bad.err)")
    }
}

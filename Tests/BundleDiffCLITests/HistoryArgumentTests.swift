import Foundation
import Testing
import TestSupport

/// Bad `history` arguments give exit code 2 and one line naming what is wrong.
@Suite struct HistoryArgumentTests {
    @Test(arguments: [
        (["key", "UIDeviceFamily[x"], "'UIDeviceFamily[x': not a valid key path"),
        (["key", "a..b"], "'a..b': not a valid key path"),
        (["builds", "--versions", "1.5"], "--versions '1.5' is not a version range"),
        (["builds", "--versions", "1.5..1.2"], "--versions '1.5..1.2': 1.5 comes after 1.2"),
        (["builds", "--versions", ".."], "--versions '..' is not a version range"),
        (["builds", "--versions", "1.2...1.5"], "--versions '1.2...1.5' is not a version range"),
        (["builds", "--versions", " ..1"], "--versions ' ..1' is not a version range"),
        (["builds", "--versions", "abc..xyz"], "--versions 'abc..xyz' is not a version range: 'abc' component 'abc'"),
        (["builds", "--versions", "1.0b3.."], "--versions '1.0b3..' is not a version range: '1.0b3'"),
        (["size", "--since", "yesterday"], "--since 'yesterday' is not a date"),
        (["builds", "--since", "2026-02-30"], "--since '2026-02-30' is not a date"),
        (["builds", "--until", "2026-04-31T10:00:00Z"], "--until '2026-04-31T10:00:00Z' is not a date"),
        (["builds", "--since", "2026-11-01T24:00:00Z"], "--since '2026-11-01T24:00:00Z' is not a date"),
        (["builds", "--until", "2026-13-01"], "--until '2026-13-01' is not a date"),
        (["builds", "--since", "2026-02-01", "--until", "2026-01-01"], "--since is after --until"),
        (["builds", "--app", "com.example.nope"], "no builds recorded for com.example.nope (recorded apps: com.example.myapp)"),
        (["builds", "--channel", "beta"], "no builds of com.example.myapp recorded on channel beta (channels: main)"),
        (["builds", "--channel", "a b"], "invalid channel name 'a b'"),
        (["key", "X", "--bundle", "com.example.nope"], "no bundle 'com.example.nope' in any recorded build of com.example.myapp"),
        (["key", "X", "--file", "MyApp.app/nope.plist"], "MyApp.app/nope.plist: not a recorded property list in any build"),
        (["key", "X", "--bundle", "a", "--file", "b"], "give --bundle or --file, not both"),
        (["key", "X", "--language", "fr", "--file", "b"], "give --language or --file, not both"),
        (["key", "X", "--language", "xx"], "no xx.lproj in the main bundle in any recorded build of com.example.myapp"),
        (["languages", "--bundle", "nope"], "no bundle 'nope' in any recorded build of com.example.myapp"),
        (["path", ""], "history path: the path is empty"),
        (["size", "--format", "pdf"], "pdf"),
        (["size", "-o", "/nonexistent/dir/out.html"], "/nonexistent/dir/out.html: cannot write the report"),
    ] as [([String], String)])
    func badArgumentsExitTwo(arguments: [String], expected: String) throws {
        let h = try Self.shared()
        let r = h.history(arguments)
        #expect(r.status == 2)
        #expect(r.err.contains(expected), "\(r.err)")
        // Every error is bundlediff's one line; argument-parser errors (unknown format, bad
        // channel name, conflicting options) add a second line that points at --help.
        let lines = r.err.split(separator: "\n")
        #expect(lines.count == 1 || lines.count == 2 && lines[1].contains("--help"), "\(r.err)")
        #expect(r.err.hasPrefix("bundlediff: error: "), "\(r.err)")
        #expect(r.out.isEmpty)
    }

    @Test func missingHistoryIsOneLine() throws {
        let scratch = try ScratchDirectory("history-args")
        let r = CLIHarness.run(["history", "size", "--repo", scratch.path("none")])
        #expect(r.status == 2)
        #expect(r.err == "bundlediff: error: \(scratch.path("none")): no history here (record a build first)\n")
    }

    @Test func severalAppsNeedApp() throws {
        let scratch = try ScratchDirectory("history-args")
        let repo = scratch.path("repo")
        for (name, identifier) in [("One", "com.example.one"), ("Two", "com.example.two")] {
            let app = FixtureBuilder.iOSApp(name: name, identifier: identifier, languages: ["en"], nested: false)
            #expect(CLIHarness.run(["snapshot", try app.writeDirectory(in: scratch.path), "--repo", repo]).status == 0)
        }
        let r = CLIHarness.run(["history", "size", "--repo", repo])
        #expect(r.status == 2)
        #expect(r.err.hasSuffix("several apps are recorded (com.example.one, com.example.two); name one with --app\n"), "\(r.err)")
        let two = CLIHarness.run(["history", "builds", "--repo", repo, "--app", "com.example.two", "--format", "csv"])
        #expect(two.status == 0 && two.out.split(separator: "\r\n").count == 2, "\(two.err)")
    }

    @Test func outputFileGetsTheReport() throws {
        let h = try Self.shared()
        let out = h.scratch.path("size.html")
        let r = h.history(["size", "--format", "html", "-o", out])
        #expect(r.status == 0 && r.out.isEmpty, "\(r.err)")
        let written = try String(contentsOfFile: out, encoding: .utf8)
        #expect(written == h.history(["size", "--format", "html"]).out)
    }

    nonisolated(unsafe) private static var fixture: HistoryFixture?
    private static let lock = NSLock()

    /// One fixture history for every argument case (they only read it).
    static func shared() throws -> HistoryFixture {
        lock.lock()
        defer { lock.unlock() }
        if let fixture { return fixture }
        let made = try HistoryFixture()
        fixture = made
        return made
    }
}

import BundleModel
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Hostile bundle directories recorded through the CLI: escaping symlinks and loops,
/// names no terminal should print raw, very deep chains and very many files. Each either
/// records and reads back unchanged, or is refused with one clear message (exit 2); the
/// canary outside never reaches the history and nothing is written outside it.
@Suite struct HostileTreeTests {
    /// Records `app` from `sandbox/in`; returns the result and checks nothing leaked.
    func record(_ app: FixtureBuilder, in sandbox: HostileSandbox,
                sourceLocation: SourceLocation = #_sourceLocation) throws -> (CLIResult, String) {
        let path = try app.writeDirectory(in: sandbox.inside)
        let before = try sandbox.listing()
        let r = sandbox.record(path)
        let after = try sandbox.listing()
        #expect(after == before, "written outside the history: \(Set(after).symmetricDifference(before).sorted())",
                sourceLocation: sourceLocation)
        try sandbox.expectCanaryNotRecorded(sourceLocation: sourceLocation)
        return (r, path)
    }

    /// The recorded build reads back equal to the directory: no file added, removed or changed.
    func expectReadsBackUnchanged(_ path: String, in sandbox: HostileSandbox,
                                  sourceLocation: SourceLocation = #_sourceLocation) {
        // Unwrapped: the bundles table is a table only when it fits the width.
        let diff = CLIHarness.run(["diff", "latest", path, "--repo", sandbox.history, "--fail-on", "error"],
                                  environment: CLIHarness.unwrapped)
        #expect(diff.err.isEmpty, "\(diff.err)", sourceLocation: sourceLocation)
        let lines = diff.out.split(separator: "\n", omittingEmptySubsequences: false)
        let table = lines.drop { $0 != "BUNDLES" }.dropFirst(2).prefix { !$0.isEmpty }
        let bundles = table.filter { !$0.hasPrefix("    ") }  // rows, not their languages lines
        #expect(!bundles.isEmpty, "\(diff.out)", sourceLocation: sourceLocation)
        #expect(bundles.allSatisfy { $0.contains("  +0 -0 ~0  ") }, "\(diff.out)", sourceLocation: sourceLocation)
    }

    @Test func symlinksOutOfTheBundleAndLoopsAreRecordedNotFollowed() throws {
        let sandbox = try HostileSandbox()
        var app = FixtureBuilder.iOSApp(nested: false)
        app.setSymlink("MyApp.app/relative", target: "../../outside/canary.txt")
        app.setSymlink("MyApp.app/absolute", target: sandbox.canary)
        app.setSymlink("MyApp.app/outside", target: "../../outside")
        app.setSymlink("MyApp.app/up", target: "..")
        app.setSymlink("MyApp.app/root", target: "/")
        app.setSymlink("MyApp.app/loopA", target: "loopB")
        app.setSymlink("MyApp.app/loopB", target: "loopA")
        app.setSymlink("MyApp.app/self", target: "self")
        app.setSymlink("MyApp.app/here", target: ".")
        app.setSymlink("MyApp.app/fr.lproj/Loop.strings", target: "Loop.strings")
        let (r, path) = try record(app, in: sandbox)
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("files:    \(app.fileCount)"), "\(r.out)")
        try sandbox.expectFsckClean()
        expectReadsBackUnchanged(path, in: sandbox)
    }

    /// An Info.plist that is a link out of the bundle (to a real plist) or a loop is refused.
    @Test(arguments: ["../../outside/Info.plist", "Info.plist"])
    func infoPlistLinkedOutOrLooping(target: String) throws {
        let sandbox = try HostileSandbox()
        let outsidePlist = FixtureBuilder.plist(["CFBundleIdentifier": HostileSandbox.secret])
        try Data(outsidePlist).write(to: URL(fileURLWithPath: sandbox.scratch.path("outside/Info.plist")))
        var app = FixtureBuilder.iOSApp(nested: false)
        app.remove("MyApp.app/Info.plist")
        app.setSymlink("MyApp.app/Info.plist", target: target)
        let (r, path) = try record(app, in: sandbox)
        expectOneClearError(r, naming: path, target == "Info.plist" ? "loops" : "outside the bundle")
        #expect(!r.err.contains(HostileSandbox.secret))
        #expect(!FileManager.default.fileExists(atPath: sandbox.history))
    }

    /// Names with a newline, C0/C1 controls, escape sequences, bidi overrides and marks,
    /// invalid UTF-8, `%` and `.git` look-alikes: recorded, `git fsck --strict` clean, read
    /// back unchanged, and never printed raw.
    @Test func hostileNamesRoundTrip() throws {
        let sandbox = try HostileSandbox()
        var app = FixtureBuilder.iOSApp(nested: false)
        let names: [[UInt8]] = [Array("new\nline.txt".utf8), Array("tab\there\r.txt".utf8),
                                Array("ctl\u{01}\u{1B}[31mred\u{7F}.txt".utf8), Array("c1\u{85}\u{9B}.txt".utf8),
                                Array("\u{202E}txt.exe".utf8), Array("\u{200F}rlm\u{2067}isolate".utf8),
                                [0x69, 0x6E, 0xFF, 0xFE, 0x76], [0xC0, 0xAF], [0xED, 0xA0, 0x80], Array("%41".utf8),
                                Array(".GIT".utf8), Array("git~1".utf8), Array(".git\u{200C}".utf8), Array(" .. ".utf8)]
        for name in names {
            app.set(BundlePath(bytes: Array("MyApp.app/odd/".utf8) + name), .file(name, executable: false))
            app.set(BundlePath(bytes: Array("MyApp.app/".utf8) + name + Array("/inner".utf8)), .file([1], executable: false))
        }
        let (r, path) = try record(app, in: sandbox)
        #expect(r.status == 0, "\(r.err)")
        try sandbox.expectFsckClean()
        expectReadsBackUnchanged(path, in: sandbox)
        // Every odd file changes: the report lists each by its escaped name, nothing raw.
        for name in names {
            app.set(BundlePath(bytes: Array("MyApp.app/odd/".utf8) + name), .file(name + [0x21], executable: false))
        }
        let changed = try ScratchDirectory("hostile-changed")
        let diff = CLIHarness.run(["diff", "latest", try app.writeDirectory(in: changed.path), "--repo", sandbox.history,
                                   "--details"], environment: CLIHarness.unwrapped)
        #expect(diff.err.isEmpty, "\(diff.err)")
        expectPrintable(diff.out)
        #expect(diff.out.contains("  +0 -0 ~\(names.count)  "), "\(diff.out)")
        #expect(diff.out.contains("~ odd/new\\nline.txt"), "\(diff.out)")
        #expect(diff.out.contains("~ odd/in\\xFF\\xFEv"), "\(diff.out)")
        #expect(diff.out.contains("~ odd/\\u{202e}txt.exe"), "\(diff.out)")
    }

    /// A file name that would rewrite the terminal, in an error message: escaped, one line.
    @Test func hostileNameInAnErrorMessage() throws {
        let sandbox = try HostileSandbox()
        let path = try FixtureBuilder.iOSApp(nested: false).writeDirectory(in: sandbox.inside)
        #expect(mkfifo(path + "/evil\n\u{1B}[2J\u{202E}", 0o644) == 0)
        let r = sandbox.record(path)
        expectOneClearError(r, naming: path + "/evil\\n\\u{1b}[2J\\u{202e}", "is a FIFO, not a regular file")
        expectPrintable(r.err)
    }

    /// 10,000 nested directories: refused at the 4,096-level limit with one message
    /// (the walk is iterative: no stack overflow, one descriptor at a time).
    @Test func tenThousandDeepChainIsRefused() throws {
        let sandbox = try HostileSandbox()
        let path = try FixtureBuilder.iOSApp(nested: false).writeDirectory(in: sandbox.inside)
        try HostileSandbox.makeChain(under: path, depth: 10_000)
        let before = try sandbox.listing()
        let r = sandbox.record(path)
        expectOneClearError(r, naming: path + "/d/d/d/", "is nested too deeply (more than 4096 levels)")
        #expect(r.err.count < 20_000, "the message spells out a \(r.err.count)-character path")
        #expect(!FileManager.default.fileExists(atPath: sandbox.history))
        #expect(try sandbox.listing() == before)
    }

    /// Just under the limit: 4,000 levels record, pass fsck and read back unchanged
    /// (the history's tree writer and reader must not recurse off the stack).
    @Test func fourThousandDeepChainRecordsAndReadsBack() throws {
        let sandbox = try HostileSandbox()
        let path = try FixtureBuilder.iOSApp(nested: false).writeDirectory(in: sandbox.inside)
        try HostileSandbox.makeChain(under: path, depth: 4_000)
        let r = sandbox.record(path)
        #expect(r.status == 0, "\(r.err)")
        try sandbox.expectFsckClean()
        expectReadsBackUnchanged(path, in: sandbox)
    }

    /// 100,000 empty files in 100 folders: recorded (one empty blob, 100 trees). Time and
    /// peak memory are measured by scripts/hostile-memory.sh, not here.
    @Test func hundredThousandEmptyFiles() throws {
        let sandbox = try HostileSandbox()
        let path = try FixtureBuilder.iOSApp(nested: false).writeDirectory(in: sandbox.inside)
        let existing = FixtureBuilder.iOSApp(nested: false).fileCount
        for folder in 0..<100 {
            let dir = path + "/many/\(folder)"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            for file in 0..<1_000 {
                let fd = open(dir + "/\(file)", O_WRONLY | O_CREAT | O_EXCL, 0o644)
                #expect(fd >= 0)
                close(fd)
            }
        }
        let r = sandbox.record(path)
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("files:    \(existing + 100_000)\n"), "\(r.out)")
        let tree = try runGit(["--git-dir", sandbox.history, "ls-tree", "-r", "--name-only", "refs/heads/com.example.myapp/main"], in: sandbox.scratch.path)
        #expect(tree.status == 0)
        #expect(tree.out.split(separator: "\n").filter { $0.contains("/many/") }.count == 100_000)
        try sandbox.expectCanaryNotRecorded()
    }
}

import Foundation
import Testing
import TestSupport

/// The built `bundlediff` in a process of its own: nothing set up by other tests (libgit2
/// initialised, say) can hide a trap in argument checking.
@Suite struct FreshProcessTests {
    static let runnable = FileManager.default.isExecutableFile(atPath: UnreadableFileTests.binary)

    @Test(.enabled(if: runnable, "needs the built bundlediff next to the tests"), arguments: [
        (["snapshot", CLIHarness.demoBuild(1), "--channel", "bad name"], "invalid channel name 'bad name'"),
        (["snapshot", CLIHarness.demoBuild(1), "--tag", "bad..tag"], "invalid tag name 'bad..tag'"),
        (["log", "--channel", "a b"], "invalid channel name 'a b'"),
    ])
    func argumentErrorsExitTwo(arguments: [String], expected: String) throws {
        let scratch = try ScratchDirectory("fresh")
        let child = try ChildProcess.run(UnreadableFileTests.binary, arguments + ["--repo", scratch.path("h")])
        #expect(child.isCleanInputError)
        #expect(child.err.contains(expected), "\(child.err)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("h")))
    }

    /// Run from a folder deleted after the shell entered it: one plain line, exit 2, for
    /// any command (each would otherwise fail on its own relative path); help still works.
    @Test(.enabled(if: runnable, "needs the built bundlediff next to the tests"), arguments: [
        ["log"], ["snapshot", CLIHarness.demoBuild(1)], ["diff", "a.app", "b.app"],
    ])
    func aDeletedWorkingDirectoryIsNamed(arguments: [String]) throws {
        let scratch = try ScratchDirectory("fresh")
        let gone = scratch.path("gone")
        try FileManager.default.createDirectory(atPath: gone, withIntermediateDirectories: false)
        let script = "cd \"$1\" && rmdir \"$1\" && shift && exec \"$0\" \"$@\""
        let child = try ChildProcess.run("/bin/sh", ["-c", script, UnreadableFileTests.binary, gone] + arguments)
        #expect(child.isCleanInputError, "\(child.err)")
        #expect(child.err == "bundlediff: error: the working directory no longer exists (it was deleted or moved): "
                + "cd to an existing folder\n", "\(child.err)")
        try FileManager.default.createDirectory(atPath: gone, withIntermediateDirectories: false)
        let help = try ChildProcess.run("/bin/sh", ["-c", script, UnreadableFileTests.binary, gone, "--help"])
        #expect(help.reason == .exit && help.status == 0)
    }
}

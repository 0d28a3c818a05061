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
}

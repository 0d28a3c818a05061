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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: UnreadableFileTests.binary)
        process.arguments = arguments + ["--repo", scratch.path("h")]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 2)
        #expect(message.contains(expected), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("h")))
    }
}

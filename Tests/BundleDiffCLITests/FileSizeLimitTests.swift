import Foundation
import Testing
import TestSupport

/// The history cannot grow past the file-size limit (`ulimit -f`, set in a shell that
/// then runs the built bundlediff): one message naming the history and the cause, exit
/// 2, no signal death (bundlediff ignores SIGXFSZ), the branch unchanged, no partial
/// pack left, and the same build recorded once the limit is lifted.
@Suite struct FileSizeLimitTests {
    @Test(.enabled(if: FreshProcessTests.runnable, "needs the built bundlediff next to the tests"))
    func recordPastTheLimit() throws {
        let scratch = try ScratchDirectory("fsize")
        let repo = scratch.path("h")
        #expect(CLIHarness.run(["snapshot", CLIHarness.demoBuild(1), "--repo", repo]).status == 0)
        let before = try CLIHarness.git(["for-each-ref"], repo: repo).out
        // Demo build 2 with a 1 MiB strings file: its pack is far over a 64 KiB limit.
        let app = try CLIHarness.editedDemoBuild(2, in: scratch, named: "big") { _ in }
        var text = ""
        for i in 0..<20_000 { text += "\"key\(i)\" = \"value \(i * 7919 % 100_003)\";\n" }
        try Data(text.utf8).write(to: URL(fileURLWithPath: app + "/en.lproj/Large.strings"))
        let child = try ChildProcess.run("/bin/sh", ["-c", "ulimit -f 64 && exec \"$0\" snapshot \"$1\" --repo \"$2\"",
                                                     UnreadableFileTests.binary, app, repo])
        let message = child.err
        #expect(child.isCleanInputError)
        #expect(message.hasPrefix("bundlediff: error: \(repo): cannot write the build into the history: "), "\(message)")
        #expect(message.hasSuffix(": File too large; the build was not recorded\n"), "\(message)")
        #expect(try CLIHarness.git(["for-each-ref"], repo: repo).out == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: repo + "/objects/pack")
            .filter { !$0.hasPrefix("pack-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
        #expect(try CLIHarness.git(["fsck", "--strict"], repo: repo).status == 0)
        let again = CLIHarness.run(["snapshot", app, "--repo", repo])
        #expect(again.status == 0, "\(again.err)")
        #expect(try CLIHarness.git(["fsck", "--strict"], repo: repo).status == 0)
    }
}

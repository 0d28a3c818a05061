@testable import BundleDiffCLI
import Testing

/// A mistyped subcommand or history query: one error line with the nearest name, then where
/// to look for usage; exit 2.
@Suite struct DidYouMeanTests {
    @Test(arguments: [
        (["dif", "a", "b"], "unknown command 'dif' for 'bundlediff' (did you mean 'diff'?)"),
        (["gaet"], "unknown command 'gaet' for 'bundlediff' (did you mean 'gate'?)"),
        (["histroy", "size"], "unknown command 'histroy' for 'bundlediff' (did you mean 'history'?)"),
        (["snapshto", "x.app"], "unknown command 'snapshto' for 'bundlediff' (did you mean 'snapshot'?)"),
        (["history", "szie"], "unknown command 'szie' for 'bundlediff history' (did you mean 'size'?)"),
        (["history", "languges"], "unknown command 'languges' for 'bundlediff history' (did you mean 'languages'?)"),
    ])
    func suggestsTheNearestCommand(_ arguments: [String], _ message: String) {
        let r = CLIHarness.run(arguments)
        #expect(r.status == 2)
        let lines = r.err.split(separator: "\n")
        #expect(lines.first.map(String.init) == "bundlediff: error: " + message)
        #expect(lines.count == 2 && lines.last?.hasPrefix("bundlediff: see '") == true)
        #expect(r.out.isEmpty)
    }

    @Test func noGuessWhenNothingIsClose() {
        #expect(CLI.suggestion(["frobnicate"]) == nil)
        #expect(CLI.suggestion(["x"]) == nil)
        #expect(CLI.suggestion(["diff", "dif"]) == nil, "diff takes no subcommand: its arguments are builds")
        #expect(CLI.suggestion(["--repo", "dif"]) == nil)
        #expect(CLI.closest("lo", among: ["log", "low"]) == nil, "two at the same distance: no guess")
        let r = CLIHarness.run(["frobnicate"])
        #expect(r.status == 2 && !r.err.contains("did you mean"))
    }
}

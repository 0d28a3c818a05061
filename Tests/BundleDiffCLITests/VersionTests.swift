import BundleDiffKit
import Testing

/// `bundlediff --version`: what a bug report needs, one fact per line.
@Suite struct VersionTests {
    @Test func versionNamesTheCommitAndLibgit2() {
        let result = CLIHarness.run(["--version"])
        #expect(result.status == 0, "\(result.err)")
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(result.out)")
        #expect(lines.first == "bundlediff \(ToolInfo.version)")
        // A test build is not packaged: it says so rather than inventing a commit.
        #expect(lines.dropFirst().first == "commit unknown (not built by scripts/package.sh)")
        // The library linked at run time (Debian 12 and the release archive: 1.5.1).
        #expect(lines.last?.hasPrefix("libgit2 1.5.") == true, "\(result.out)")
    }
}

import Foundation
import Testing
import TestSupport

/// `log` lists the newest builds and says how many it left out, so a history of thousands
/// of CI builds does not print every one of them by default.
@Suite struct LogPagingTests {
    /// A history of `count` recordings of the first demo build, one minute apart.
    static func history(_ count: Int) throws -> (ScratchDirectory, String) {
        let scratch = try ScratchDirectory("log-paging")
        let repo = scratch.path("h")
        for n in 0..<count {
            let r = CLIHarness.run(["snapshot", CLIHarness.demoBuild(1), "--repo", repo, "--allow-duplicate",
                                    "--label", "ci-\(n + 1)",
                                    "--recorded-at", String(format: "2026-01-01T%02d:%02d:00Z", n / 60, n % 60)])
            #expect(r.status == 0, "\(r.err)")
        }
        return (scratch, repo)
    }

    static func lines(_ text: String) -> [Substring] { text.split(separator: "\n") }

    @Test func textListsTheNewestFiftyAndCountsTheRest() throws {
        let (scratch, repo) = try Self.history(52)
        defer { _ = scratch }
        let page = CLIHarness.run(["log", "--repo", repo])
        #expect(page.status == 0, "\(page.err)")
        let lines = Self.lines(page.out)
        #expect(lines.count == 51)
        #expect(lines.first?.contains("ci-52") == true, "newest first: \(lines.first ?? "")")
        #expect(lines[49].contains("  ci-3  "))
        #expect(lines.last == "… 2 older builds not shown (use --limit <count> or --all)")

        let all = Self.lines(CLIHarness.run(["log", "--repo", repo, "--all"]).out)
        #expect(all.count == 52)
        #expect(all.last?.contains("  ci-1  ") == true)

        let three = Self.lines(CLIHarness.run(["log", "--repo", repo, "-n", "3"]).out)
        #expect(three.count == 4)
        #expect(three.last == "… 49 older builds not shown (use --limit <count> or --all)")
        #expect(Self.lines(CLIHarness.run(["log", "--repo", repo, "--limit", "52"]).out).count == 52)

        let json = try JSONSerialization.jsonObject(with: Data(CLIHarness.run(["log", "--repo", repo, "--format", "json"]).out.utf8))
        #expect((json as? [[String: Any]])?.count == 52, "JSON lists every build unless --limit is given")
        let two = try JSONSerialization.jsonObject(
            with: Data(CLIHarness.run(["log", "--repo", repo, "--format", "json", "--limit", "2"]).out.utf8))
        #expect((two as? [[String: Any]])?.map { $0["label"] as? String } == ["ci-52", "ci-51"])
    }

    @Test(arguments: [
        (["--limit", "0"], "--limit must be at least 1 (got 0)"),
        (["--limit=-3"], "--limit must be at least 1 (got -3)"),
        (["--limit", "2", "--all"], "--limit and --all do not go together"),
        (["--limit", "many"], "many"),
    ])
    func badLimitExitsTwo(arguments: [String], expected: String) throws {
        let (scratch, repo) = try Self.history(1)
        defer { _ = scratch }
        let r = CLIHarness.run(["log", "--repo", repo] + arguments)
        #expect(r.status == 2)
        #expect(r.out.isEmpty)
        #expect(r.err.contains(expected), "\(r.err)")
    }
}

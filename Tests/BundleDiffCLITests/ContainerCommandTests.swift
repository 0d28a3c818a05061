import Foundation
import Testing
import TestSupport

/// `snapshot --container` and `diff` of two data containers: the migration report.
@Suite struct ContainerCommandTests {
    static let date = ["--report-date", "2026-11-01T09:00:00Z"]

    /// Writes a before/after pair of simulator containers for `scenario`.
    static func pair(_ scenario: FixtureBuilder.ContainerScenario, in scratch: ScratchDirectory,
                     bundle: Bool = false) throws -> (String, String) {
        let before = FixtureBuilder.dataContainer(bundle: bundle ? ("1.0", "41") : nil)
        let old = try before.writeDirectory(in: scratch.path, named: "before")
        let new = try before.upgraded(scenario).writeDirectory(in: scratch.path, named: "after")
        return (old, new)
    }

    static func diff(_ old: String, _ new: String, _ extra: [String] = []) -> CLIResult {
        CLIHarness.run(["diff", old, new] + date + extra, environment: CLIHarness.unwrapped)
    }

    /// The findings of a JSON report as `<severity>: <rule>: <message>` lines.
    static func findings(_ r: CLIResult) -> [String] {
        guard let json = try? JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any],
              let list = json["findings"] as? [[String: Any]] else { return ["not JSON: \(r.out)\(r.err)"] }
        return list.map { "\($0["severity"] ?? ""): \($0["ruleId"] ?? ""): \($0["message"] ?? "")" }
    }

    static func has(_ lines: [String], _ prefix: String) -> Bool { lines.contains { $0.hasPrefix(prefix) } }

    @Test func documentsMovedToCachesIsAnError() throws {
        let scratch = try ScratchDirectory("container")
        let (old, new) = try Self.pair(.documentsMovedToCaches, in: scratch)
        let r = Self.diff(old, new, ["--format", "json"])
        #expect(r.status == 1, "\(r.out)\(r.err)")
        let f = Self.findings(r)
        #expect(Self.has(f, "error: container.moved-to-purgeable: folder Documents/Trips/ (2 files) → Library/Caches/Trips"), "\(f)")
        #expect(f.allSatisfy { $0.contains(": container.") }, "only container rules run: \(f)")
        #expect(!r.out.contains("\"l10n.") && !r.out.contains("\"seal."), "only container rules are listed as run")
    }

    @Test func aRenamedKeyIsAMigrationAndADroppedOneALoss() throws {
        let scratch = try ScratchDirectory("container")
        let (old, renamed) = try Self.pair(.keyRenamed, in: scratch)
        let r = Self.diff(old, renamed, ["--format", "json"])
        #expect(r.status == 0, "\(r.out)\(r.err)")
        let f = Self.findings(r)
        #expect(Self.has(f, "info: container.setting-renamed: 'units' became 'unitSystem'"), "\(f)")
        #expect(!Self.has(f, "warning: container.setting-removed"), "\(f)")
        let dropped = try FixtureBuilder.dataContainer().upgraded(.keyDropped).writeDirectory(in: scratch.path, named: "dropped")
        let d = Self.diff(old, dropped, ["--fail-on", "warning", "--format", "json"])
        #expect(d.status == 1, "\(d.out)")
        #expect(Self.has(Self.findings(d), "warning: container.setting-removed: 'units' (was \"metric\") is gone"), "\(d.out)")
    }

    @Test func aFileWrittenIntoTheBundleIsAnError() throws {
        let scratch = try ScratchDirectory("container")
        let (old, new) = try Self.pair(.fileWrittenIntoBundle, in: scratch, bundle: true)
        let r = Self.diff(old, new)
        #expect(r.status == 1, "\(r.out)\(r.err)")
        let f = Self.findings(Self.diff(old, new, ["--format", "json"]))
        #expect(Self.has(f, "error: container.bundle-written: 1 file(s) changed inside Wanderlust.app/"), "\(f)")
        #expect(f.contains { $0.contains("Wanderlust.app/offline-cache.json") }, "\(f)")
        #expect(r.out.contains("data container of build 1.0 (41)"), "the app build inside names the side: \(r.out)")
    }

    @Test func aCleanMigrationHasNoErrorOrWarning() throws {
        let scratch = try ScratchDirectory("container")
        let (old, new) = try Self.pair(.cleanMigration, in: scratch)
        let r = Self.diff(old, new, ["--fail-on", "warning", "--format", "json"])
        #expect(r.status == 0, "\(r.out)\(r.err)")
        #expect(!Self.has(Self.findings(r), "error") && !Self.has(Self.findings(r), "warning"), "\(r.out)")
        // Every other scenario fails at warning or above (or reports its migration).
        for scenario in FixtureBuilder.ContainerScenario.allCases where scenario != .cleanMigration {
            let s = try ScratchDirectory("container")
            let (a, b) = try Self.pair(scenario, in: s, bundle: scenario == .fileWrittenIntoBundle)
            let other = Self.diff(a, b, ["--fail-on", scenario == .keyRenamed ? "info" : "warning"])
            #expect(other.status == 1, "\(scenario): \(other.out)\(other.err)")
        }
    }

    @Test func xcappdataReadsLikeTheSimulatorContainer() throws {
        let scratch = try ScratchDirectory("container")
        let before = FixtureBuilder.dataContainer()
        let sim = try before.writeDirectory(in: scratch.path, named: "sim")
        let package = try before.xcappdata().writeDirectory(in: scratch.path, named: "Before.xcappdata")
        let r = Self.diff(sim, package, ["--format", "json"])
        #expect(r.status == 0, "\(r.out)\(r.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect((json["verdict"] as? [String: Any])?["identical"] as? Bool == true, "\(r.out)")
        let new = json["new"] as? [String: Any]
        #expect((new?["container"] as? [String: Any])?["layout"] as? String == "xcappdata")
        #expect((new?["container"] as? [String: Any])?["app"] as? String == FixtureBuilder.containerApp)
        let after = try before.upgraded(.documentsMovedToCaches).xcappdata().writeDirectory(in: scratch.path, named: "After.xcappdata")
        #expect(Self.diff(package, after).status == 1)
    }

    @Test func recordedContainersStayApartFromBuilds() throws {
        let scratch = try ScratchDirectory("container")
        let repo = scratch.path("history")
        let (old, new) = try Self.pair(.documentsMovedToCaches, in: scratch)
        #expect(CLIHarness.run(["snapshot", CLIHarness.demoBuild(1), "--repo", repo]).status == 0)
        let a = CLIHarness.run(["snapshot", "--container", old, "--repo", repo, "--label", "before", "--tag", "c-before"])
        #expect(a.status == 0, "\(a.err)")
        #expect(a.out.contains("refs/heads/com.example.wanderlust/+container-main"), "\(a.out)")
        #expect(a.out.contains("app build: 1.0 (41)"), "the newest build recorded: \(a.out)")
        let b = CLIHarness.run(["snapshot", "--container", new, "--repo", repo, "--label", "after", "--tag", "c-after",
                                "--build", "latest"])
        #expect(b.status == 0, "\(b.err)")
        let log = CLIHarness.run(["log", "--repo", repo])
        #expect(log.out.split(separator: "\n").count == 3, "\(log.out)")
        #expect(log.out.components(separatedBy: "data container").count == 3, "\(log.out)")
        let show = CLIHarness.run(["show", "c-after", "--repo", repo])
        #expect(show.out.hasPrefix("data container of com.example.wanderlust (simulator layout)\n"), "\(show.out)")
        #expect(show.out.contains("  app build:   1.0 (41)\n"), "\(show.out)")
        // latest still names the build: containers never stand in for builds.
        let latest = CLIHarness.run(["check", "latest", "--repo", repo])
        #expect(latest.status == 0, "\(latest.out)\(latest.err)")
        let r = CLIHarness.run(["diff", "c-before", "c-after", "--repo", repo] + Self.date, environment: CLIHarness.unwrapped)
        #expect(r.status == 1, "\(r.out)\(r.err)")
        #expect(r.out.contains("container.moved-to-purgeable (1)"), "\(r.out)")
        #expect(r.out.contains("new: c-after (commit "), "\(r.out)")
        #expect(r.out.contains(", data container of build 1.0 (41)"), "both name the demo build 1: \(r.out)")
        let mixed = CLIHarness.run(["diff", "c-before", "latest", "--repo", repo])
        #expect(mixed.status == 2)
        #expect(mixed.err.split(separator: "\n").count == 1 && mixed.err.contains("is an app's data container"), "\(mixed.err)")
        let gate = CLIHarness.run(["gate", "c-after", "--repo", repo])
        #expect(gate.status == 2 && gate.err.contains("not a build"), "\(gate.err)")
        let check = CLIHarness.run(["check", "c-after", "--repo", repo])
        #expect(check.status == 2 && check.err.split(separator: "\n").count == 1, "\(check.err)")
        // A build's gate never takes a container as its baseline.
        let g = CLIHarness.run(["gate", CLIHarness.demoBuild(2), "--repo", repo])
        #expect(!g.err.contains("container"), "\(g.out)\(g.err)")
    }

    @Test func containerArgumentsAreCheckedOneLineEach() throws {
        let scratch = try ScratchDirectory("container")
        let plain = scratch.path("plain")
        try FileManager.default.createDirectory(atPath: plain + "/Documents", withIntermediateDirectories: true)
        let repo = scratch.path("history")
        let cases: [([String], String)] = [
            (["snapshot", "--container", plain, "--repo", repo], "name its app with --app"),
            (["snapshot", "--container", try FixtureBuilder.dataContainer().writeDirectory(in: scratch.path, named: "c"),
              "--app", "com.other", "--repo", repo], "belongs to 'com.example.wanderlust'"),
            (["snapshot", CLIHarness.demoBuild(1), "--app", "x", "--repo", repo], "--app is only for --container"),
            (["snapshot", "--container", scratch.path("missing"), "--repo", repo], "does not exist"),
            (["diff", plain, plain], "not a bundle"),
        ]
        for (args, message) in cases {
            let r = CLIHarness.run(args)
            #expect(r.status == 2, "\(args): \(r.out)\(r.err)")
            let lines = r.err.split(separator: "\n").filter { !$0.contains("--help' for usage") }
            #expect(lines.count == 1 && r.err.contains(message), "\(args): \(r.err)")
        }
        let ok = CLIHarness.run(["snapshot", "--container", plain, "--app", "com.example.plain", "--repo", repo])
        #expect(ok.status == 0, "\(ok.err)")
        #expect(CLIHarness.run(["diff", "--container", "--app", "com.example.plain", plain, plain]).status == 0)
    }
}

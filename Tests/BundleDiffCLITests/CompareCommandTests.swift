import Foundation
import Testing
import TestSupport

@Suite struct CompareCommandTests {
    @Test func diffOfTwoPathsNeedsNoHistory() throws {
        let scratch = try ScratchDirectory("cli")
        let r = CLIHarness.run(["diff", CLIHarness.demoBuild(1), CLIHarness.demoBuild(2), "--repo", scratch.path("none")])
        #expect(r.status == 1, "\(r.err)")
        #expect(r.out.contains("matched  1.0 (41) → 1.1 (42)"), "\(r.out)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("none")))
        let self_ = CLIHarness.run(["diff", CLIHarness.demoBuild(1), CLIHarness.demoBuild(1), "--fail-on", "warning"])
        #expect(self_.status == 0, "a build compared with itself is identical, not a build that did not grow: \(self_.out)")
        #expect(self_.out.contains("PASS: 0 error, 0 warning, 0 info (fail on warning); the builds are identical"))
        let scratch2 = try ScratchDirectory("cli")
        let rebuilt = try CLIHarness.editedDemoBuild(1, in: scratch2, named: "rebuilt") { $0["Extra"] = "x" }
        let warnOnly = CLIHarness.run(["diff", CLIHarness.demoBuild(1), rebuilt, "--fail-on", "warning"])
        #expect(warnOnly.status == 1, "the demo build has warnings of its own")
        let onlyNew = CLIHarness.run(["diff", CLIHarness.demoBuild(1), rebuilt, "--fail-on", "warning", "--only-new"])
        #expect(onlyNew.out.contains("FAIL (1 failing)"), "only the equal build fails; parity findings are old: \(onlyNew.out)")
        #expect(onlyNew.out.contains("[existing]") && !onlyNew.out.contains("[new]"))
    }

    @Test func gatePassesABumpAndFailsARebuild() throws {
        let scratch = try ScratchDirectory("cli")
        let same = try CLIHarness.editedDemoBuild(1, in: scratch, named: "same") { $0["CFBundleVersion"] = "40" }
        let rebuilt = CLIHarness.run(["gate", same, "--against", CLIHarness.demoBuild(1)])
        #expect(rebuilt.status == 1)
        #expect(rebuilt.out.contains("error: version.build-not-increased: "), "\(rebuilt.out)")
        let bumped = CLIHarness.run(["gate", CLIHarness.demoBuild(2), "--against", CLIHarness.demoBuild(1)])
        #expect(bumped.status == 0, "\(bumped.out)")
        let reset = try CLIHarness.editedDemoBuild(2, in: scratch, named: "reset") { $0["CFBundleVersion"] = "1" }
        let train = CLIHarness.run(["gate", reset, "--against", CLIHarness.demoBuild(1)])
        #expect(train.status == 0, "iOS train policy: a higher short version may reset the build: \(train.out)")
        let strict = try scratch.write("strict.yml", "version_policy: strict\n")
        #expect(CLIHarness.run(["gate", reset, "--against", CLIHarness.demoBuild(1), "--config", strict]).status == 1)
    }

    @Test func gateComparesWithTheHighestRecordedBuildNotTheLatest() throws {
        let scratch = try ScratchDirectory("cli")
        let repo = scratch.path("h")
        let b50 = try CLIHarness.editedDemoBuild(1, in: scratch, named: "b50") { $0["CFBundleVersion"] = "50" }
        let b45 = try CLIHarness.editedDemoBuild(1, in: scratch, named: "b45") { $0["CFBundleVersion"] = "45" }
        let b47 = try CLIHarness.editedDemoBuild(1, in: scratch, named: "b47") { $0["CFBundleVersion"] = "47" }
        #expect(CLIHarness.run(["snapshot", b50, "--repo", repo, "--recorded-at", "2026-11-01T00:00:00Z"]).status == 0)
        #expect(CLIHarness.run(["snapshot", b45, "--repo", repo, "--recorded-at", "2026-11-02T00:00:00Z"]).status == 0)
        let r = CLIHarness.run(["gate", b47, "--repo", repo])
        #expect(r.status == 1, "47 is above the latest (45) but not above the highest (50): \(r.out)")
        #expect(r.out.hasPrefix("baseline: com.example.wanderlust@1.0+50 (highest recorded on main)"))
    }

    /// Builds that all lack CFBundleVersion (CMake.app's is empty) are ordered by their
    /// marketing version, and the baseline is named by its commit, which `show` takes.
    @Test func withoutBuildNumbersTheHighestMarketingVersionIsTheBaseline() throws {
        let scratch = try ScratchDirectory("cli")
        let repo = scratch.path("h")
        func build(_ short: String) throws -> String {
            try CLIHarness.editedDemoBuild(1, in: scratch, named: short) {
                $0["CFBundleVersion"] = ""
                $0["CFBundleShortVersionString"] = short
            }
        }
        for (i, short) in ["1.0", "3.0", "2.0"].enumerated() {
            let when = "2026-11-0\(i + 1)T00:00:00Z"
            #expect(CLIHarness.run(["snapshot", try build(short), "--repo", repo, "--recorded-at", when]).status == 0)
        }
        let r = CLIHarness.run(["gate", try build("2.5"), "--repo", repo])
        #expect(r.out.hasPrefix("baseline: com.example.wanderlust 3.0+- at "), "\(r.out)")
        #expect(r.out.contains("version.short-version-decreased"), "\(r.out)")
        let commit = String(r.out.dropFirst("baseline: com.example.wanderlust 3.0+- at ".count).prefix(12))
        #expect(CLIHarness.run(["show", commit, "--repo", repo]).status == 0)
    }

    /// A build with an empty CFBundleIdentifier is recorded by its folder's name; the gate
    /// finds those recordings by the same name, so `--first-build` does not skip them.
    @Test func withoutAnIdentifierTheGateFindsTheBuildsRecordedByName() throws {
        let scratch = try ScratchDirectory("cli")
        let repo = scratch.path("h")
        let b50 = try CLIHarness.editedDemoBuild(1, in: scratch, named: "b50") {
            $0["CFBundleIdentifier"] = ""
            $0["CFBundleVersion"] = "50"
        }
        let b40 = try CLIHarness.editedDemoBuild(1, in: scratch, named: "b40") {
            $0["CFBundleIdentifier"] = ""
            $0["CFBundleVersion"] = "40"
        }
        #expect(CLIHarness.run(["snapshot", b50, "--repo", repo]).status == 0)
        let r = CLIHarness.run(["gate", b40, "--repo", repo, "--first-build"])
        #expect(r.status == 1, "\(r.out)\(r.err)")
        #expect(r.out.contains("version.build-not-increased"), "\(r.out)")
    }

    @Test func configurationChangesSeveritiesAndCollectsEveryProblem() throws {
        let scratch = try ScratchDirectory("cli")
        let config = try scratch.write("bundlediff.yml", "rules:\n  l10n.format-specifiers: warning\n")
        let r = CLIHarness.run(["diff", CLIHarness.demoBuild(1), CLIHarness.demoBuild(2), "--config", config])
        #expect(r.status == 0, "the only error was downgraded: \(r.out)")

        try Data("rules:\n  no.such-rule: off\nfail_on: sometimes\ncolour: true\n".utf8).write(to: URL(fileURLWithPath: config))
        let bad = CLIHarness.run(["diff", CLIHarness.demoBuild(1), CLIHarness.demoBuild(2), "--config", config])
        #expect(bad.status == 2)
        #expect(bad.err.contains(config))
        #expect(bad.err.contains("unknown rule 'no.such-rule'"))
        #expect(bad.err.contains("fail_on must be error, warning or info"))
        #expect(bad.err.contains("unknown setting 'colour'"))
    }

    @Test func writtenBaselineAcceptsTodaysFindings() throws {
        let scratch = try ScratchDirectory("cli")
        let baseline = scratch.path("accepted.yml")
        let first = CLIHarness.run(["diff", CLIHarness.demoBuild(1), CLIHarness.demoBuild(2), "--fail-on", "info",
                                    "--write-baseline", baseline])
        #expect(first.status == 1)
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(text.contains("- \"l10n.format-specifiers|com.example.wanderlust|"), "\(text)")
        let config = try scratch.write("config.yml", "baseline: accepted.yml\n")
        let again = CLIHarness.run(["diff", CLIHarness.demoBuild(1), CLIHarness.demoBuild(2), "--fail-on", "info",
                                    "--config", config])
        #expect(again.status == 0, "every finding is accepted: \(again.out)")
        #expect(again.out.contains("[new, accepted]"))
    }

    @Test func sidesAreFilesOrRecordedBuildsWhateverTheirSpelling() throws {
        let scratch = try ScratchDirectory("cli")
        let repo = scratch.path("h")
        #expect(CLIHarness.run(["snapshot", CLIHarness.demoBuild(1), "--repo", repo, "--tag", "release/1.0"]).status == 0)
        let tagged = CLIHarness.run(["diff", "release/1.0", CLIHarness.demoBuild(2), "--repo", repo])
        #expect(tagged.status == 1, "a tag with a slash is a recorded build: \(tagged.err)")
        #expect(tagged.out.contains("old: release/1.0 (commit "))
        let missing = CLIHarness.run(["diff", "build/Missing.ipa", CLIHarness.demoBuild(2), "--repo", scratch.path("none")])
        #expect(missing.status == 2)
        #expect(missing.err.hasPrefix("bundlediff: error: build/Missing.ipa: "), "\(missing.err)")
    }
}

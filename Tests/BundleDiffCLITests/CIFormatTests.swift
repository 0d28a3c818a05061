import BundleModel
import Foundation
@testable import Reporters
import Rules
import TextSafety
import Testing
import TestSupport

/// The formats CI systems read natively: GitHub workflow commands, SARIF 2.1.0 (valid
/// against the official schema) and GitLab Code Quality, with stable fingerprints, and
/// hostile names made visible and escaped as each reader expects.
@Suite struct CIFormatTests {
    static let demo = ["diff", CLIHarness.demoBuild(1), CLIHarness.demoBuild(2), "--report-date", GoldenReportTests.date]

    static func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    // MARK: GitHub

    @Test func githubEscapesAsTheRunnerReads() {
        #expect(GitHubReporter.data("50% done\r\nnext: a, b") == "50%25 done%0D%0Anext: a, b")
        #expect(GitHubReporter.property("a:b,c%d") == "a%3Ab%2Cc%25d")
        #expect(GitHubReporter.property("x\ny\u{202E}") == "x\\ny\\u{202e}", "hidden characters are made visible first")
    }

    /// A workflow command split as the runner splits it: command, properties, message.
    static func command(_ line: Substring) -> (name: String, properties: [String: String], message: String)? {
        guard line.hasPrefix("::"), let end = line.dropFirst(2).range(of: "::") else { return nil }
        let head = line[line.index(line.startIndex, offsetBy: 2)..<end.lowerBound]
        let name = head.prefix { $0 != " " }
        var properties: [String: String] = [:]
        for pair in head.dropFirst(name.count + 1).split(separator: ",") {
            let kv = pair.split(separator: "=", maxSplits: 1)
            if kv.count == 2 { properties[String(kv[0])] = unescape(kv[1]) }
        }
        return (String(name), properties, unescape(line[end.upperBound...]))
    }

    static func unescape(_ s: Substring) -> String {
        s.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
            .replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",")
            .replacingOccurrences(of: "%25", with: "%")
    }

    @Test func githubHasOneAnnotationPerFindingThenTheVerdict() throws {
        let r = CLIHarness.run(Self.demo + ["--format", "github"])
        #expect(r.status == 1)
        let lines = r.out.split(separator: "\n")
        let commands = lines.compactMap(Self.command)
        #expect(commands.count == 17 && lines.count == 18, "17 findings, then the verdict")
        #expect(lines.last?.hasPrefix("FAIL (1 failing): 1 error, 13 warning, 3 info") == true)
        #expect(commands.count { $0.name == "error" } == 1 && commands.count { $0.name == "warning" } == 13
                && commands.count { $0.name == "notice" } == 3)
        #expect(commands.allSatisfy { $0.properties["title"]?.contains(".") == true && $0.properties["file"] == nil },
                "title is the rule id; no file= (bundle paths are not repository files)")
        let onlyNew = CLIHarness.run(Self.demo + ["--format", "github", "--only-new"]).out.split(separator: "\n")
            .compactMap(Self.command)
        #expect(onlyNew.count { $0.name == "warning" } == 10 && onlyNew.count { $0.name == "notice" } == 6, "existing warnings cannot fail an --only-new gate: notices")
    }

    @Test func githubShowsHostileNamesAndNeverBreaksALine() throws {
        let text = try HostileReportTests.render("github")
        try GoldenReportTests.check(text, golden: "Tests/Goldens/hostile-diff.github.txt")
        #expect(!text.unicodeScalars.contains { VisibleText.isHidden($0) && $0 != "\n" })
        let lines = text.split(separator: "\n")
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("::") } && lines.last?.hasPrefix("FAIL") == true)
        let messages = lines.compactMap(Self.command).map(\.message)
        #expect(messages.contains { $0.contains(ReportFixtures.script) && $0.contains("\\u{202e}gnp.exekey") && $0.contains("first\\nsecond") },
                "\(messages)")
    }

    // MARK: SARIF

    @Test func sarifIsValidAgainstTheOfficialSchema() throws {
        let diff = CLIHarness.run(Self.demo + ["--format", "sarif"])
        #expect(diff.status == 1)
        #expect(try SchemaCheck.jsonProblems(diff.out, schema: SchemaCheck.sarif, name: "diff.sarif") == nil)
        let gate = CLIHarness.run(["gate", CLIHarness.demoBuild(2), "--against", CLIHarness.demoBuild(1), "--format", "sarif"])
        #expect(try SchemaCheck.jsonProblems(gate.out, schema: SchemaCheck.sarif, name: "gate.sarif") == nil)
        let hostile = try HostileReportTests.render("sarif")
        try GoldenReportTests.check(hostile, golden: "Tests/Goldens/hostile-diff.sarif")
        #expect(try SchemaCheck.jsonProblems(hostile, schema: SchemaCheck.sarif, name: "hostile.sarif") == nil)
        let broken = diff.out.replacingOccurrences(of: "\"level\" : \"warning\"", with: "\"level\" : \"fatal\"")
        #expect(try SchemaCheck.jsonProblems(broken, schema: SchemaCheck.sarif, name: "broken.sarif") != nil,
                "the validator refuses a level SARIF does not have")
    }

    @Test func sarifDescribesEveryRuleAndFingerprintsEveryResult() throws {
        let sarif = try #require(try Self.json(CLIHarness.run(Self.demo + ["--format", "sarif"]).out) as? [String: Any])
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.count == RuleEngine.rules(RuleConfiguration(), only: RuleID.buildRules).count, "every rule that ran")
        for rule in rules {
            let id = try #require(rule["id"] as? String)
            let description = try #require(RuleID.allCases.first { $0.rawValue == id }).description
            #expect((rule["fullDescription"] as? [String: Any])?["text"] as? String == description.rationale)
        }
        let results = try #require(run["results"] as? [[String: Any]])
        let report = try #require(try Self.json(CLIHarness.run(Self.demo + ["--format", "json"]).out) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: Any]])
        #expect(results.count == findings.count)
        for (result, finding) in zip(results, findings) {
            #expect((result["partialFingerprints"] as? [String: String])?["bundlediff/v1"] == finding["fingerprint"] as? String)
            let level = ["error": "error", "warning": "warning", "info": "note"][finding["severity"] as? String ?? ""]
            #expect(result["level"] as? String == level)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
        }
        let later = CLIHarness.run(["diff", CLIHarness.demoBuild(1), CLIHarness.demoBuild(2), "--format", "sarif",
                                    "--report-date", "2027-01-01T00:00:00Z"]).out
        let laterRun = ((try Self.json(later) as? [String: Any])?["runs"] as? [[String: Any]])?.first
        let fingerprints = { (rs: [[String: Any]]) in rs.compactMap { ($0["partialFingerprints"] as? [String: String])?["bundlediff/v1"] } }
        #expect(fingerprints(laterRun?["results"] as? [[String: Any]] ?? []) == fingerprints(results), "stable")
    }

    @Test func sarifPathsAreURIReferences() {
        #expect(SARIFReporter.uri(BundlePath("App.app/fr.lproj/a b%.png")) == "App.app/fr.lproj/a%20b%25.png")
        #expect(SARIFReporter.uri(BundlePath(bytes: Array("é#".utf8) + [0xFF])) == "%C3%A9%23%FF")
    }

    // MARK: GitLab

    @Test func gitlabCodeQualityHasWhatGitLabRequires() throws {
        let r = CLIHarness.run(Self.demo + ["--format", "gitlab"])
        let issues = try #require(try Self.json(r.out) as? [[String: Any]])
        #expect(issues.count == 17)
        var fingerprints: Set<String> = []
        for issue in issues {
            #expect(issue["description"] is String && issue["check_name"] is String)
            let fingerprint = try #require(issue["fingerprint"] as? String)
            #expect(fingerprint.count == 64 && fingerprint.allSatisfy(\.isHexDigit))
            fingerprints.insert(fingerprint)
            let location = try #require(issue["location"] as? [String: Any])
            #expect((location["path"] as? String)?.hasPrefix("Wanderlust.app/") == true)
            #expect((location["lines"] as? [String: Any])?["begin"] as? Int == 1)
        }
        #expect(fingerprints.count == issues.count, "GitLab keeps one issue per fingerprint: they are unique")
        let severities = issues.compactMap { $0["severity"] as? String }
        #expect(severities.count { $0 == "blocker" } == 1 && severities.count { $0 == "major" } == 13
                && severities.count { $0 == "info" } == 3, "\(severities)")
        let first = try #require(issues.first)
        let expected = "l10n.format-specifiers|com.example.wanderlust|fr.lproj/Localizable.strings|trip.count"
        #expect(first["fingerprint"] as? String == SHA256Digest.of(Array(expected.utf8))?.description,
                "the SHA-256 of the baseline fingerprint, stable from build to build")
        let hostile = try HostileReportTests.render("gitlab")
        try GoldenReportTests.check(hostile, golden: "Tests/Goldens/hostile-diff.gitlab.json")
    }

    // MARK: --report

    @Test func oneComparisonWritesSeveralReports() throws {
        let scratch = try ScratchDirectory("reports")
        let files = ["sarif": scratch.path("a.sarif"), "junit": scratch.path("b.xml"), "json": scratch.path("c.json"),
                     "github": scratch.path("d.txt")]
        let r = CLIHarness.run(Self.demo + files.sorted { $0.key < $1.key }.flatMap { ["--report", "\($0.key)=\($0.value)"] })
        #expect(r.status == 1, "one verdict: \(r.err)")
        #expect(r.out == CLIHarness.run(Self.demo).out, "standard output keeps the text report")
        for (format, file) in files {
            let written = try String(contentsOfFile: file, encoding: .utf8)
            let alone = CLIHarness.run(Self.demo + ["--format", format]).out
            #expect(JUnitReportTests.timeless(written) == JUnitReportTests.timeless(alone), "\(format)")
        }
        let gate = CLIHarness.run(["gate", CLIHarness.demoBuild(2), "--against", CLIHarness.demoBuild(1),
                                   "--format", "markdown", "--report", "gitlab=\(scratch.path("gate.json"))"])
        #expect(gate.status == 0 && gate.out.hasPrefix("**PASS**"))
        #expect(try Self.json(String(contentsOfFile: scratch.path("gate.json"), encoding: .utf8)) is [Any])
    }

    @Test(arguments: [
        (["--report", "sarif"], "--report 'sarif' is not <format>=<file>"),
        (["--report", "pdf=x.pdf"], "--report 'pdf=x.pdf': unknown format 'pdf'; one of text, json"),
        (["--report", "sarif="], "--report 'sarif=' names no file"),
        (["--report", "sarif=a", "--report", "junit=a"], "--report 'junit=a': 'a' is written twice"),
        (["-o", "a", "--report", "json=a"], "--report 'json=a': 'a' is written twice"),
        (["--report", "json=/nonexistent-folder/x.json"], "cannot write the json report"),
    ])
    func badReportValuesAreOneLineAndExit2(arguments: [String], message: String) {
        // Every value but the last is refused before anything is written.
        let r = CLIHarness.run(Self.demo + arguments)
        #expect(r.status == 2)
        let first = r.err.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("bundlediff: error: ") && first.contains(message), "\(r.err)")
    }
}

import Foundation
import Rules
import Testing
import TestSupport

/// `--format json` validates against docs/report-schema.json (with check-jsonschema),
/// covers every kind of change and keeps hostile names intact.
@Suite struct JSONReportTests {
    static let date = "2026-11-08T09:00:00Z"

    /// What check-jsonschema says is wrong with `text` against docs/report-schema.json, or nil.
    static func problems(_ text: String) throws -> String? {
        try SchemaCheck.jsonProblems(text, schema: SchemaCheck.report)
    }

    static func json(_ arguments: [String]) throws -> (status: Int32, tree: JSONTree, text: String) {
        let r = CLIHarness.run(arguments + ["--format", "json", "--report-date", date])
        #expect(r.err.isEmpty, "\(r.err)")
        return (r.status, try JSONTree.parse(r.out), r.out)
    }

    @Test func demoDiffAndGateMatchTheSchema() throws {
        let diff = try Self.json(["diff", CLIHarness.demoBuild(1), CLIHarness.demoBuild(2)])
        #expect(diff.status == 1)
        #expect(try Self.problems(diff.text) == nil)
        #expect(diff.tree["verdict"]?["status"] == .string("fail"))
        #expect(diff.tree["date"] == .string(Self.date))
        #expect(diff.tree["rules"]?.arrayValue?.count == RuleID.buildRules.count, "every rule that ran is listed")
        let gate = try Self.json(["gate", CLIHarness.demoBuild(2), "--against", CLIHarness.demoBuild(1)])
        #expect(gate.status == 0)
        #expect(try Self.problems(gate.text) == nil)
        #expect(gate.tree["kind"] == .string("gate"))
        #expect(gate.tree["rules"]?.arrayValue?.compactMap { $0["id"]?.stringValue }.allSatisfy { $0.hasPrefix("version.") } == true)
        let again = try Self.json(["gate", CLIHarness.demoBuild(2), "--against", CLIHarness.demoBuild(1)])
        #expect(Array(again.text.utf8) == Array(gate.text.utf8), "the same comparison renders the same bytes")
    }

    @Test func everyKindOfChangeIsInTheDocumentAndValid() throws {
        let scratch = try ScratchDirectory("json")
        let (old, new) = try ReportFixtures.everyChange(in: scratch)
        let report = try Self.json(["diff", old, new, "--fail-on", "info"])
        let doc = report.tree
        #expect(try Self.problems(report.text) == nil)
        let bundles = doc["bundles"]?.arrayValue ?? []
        let app = try #require(bundles.first { $0["name"] == .string("com.example.myapp") })
        let kinds = Set((app["plistChanges"]?.arrayValue ?? []).flatMap { $0["keyChanges"]?.arrayValue ?? [] }
            .compactMap { $0["kind"]?.stringValue })
        #expect(kinds == ["added", "removed", "changed", "type-changed"])
        let plists = app["plistChanges"]?.arrayValue ?? []
        #expect(plists.contains { $0["isFormatOnly"] == .boolean(true) }, "PrivacyInfo became binary")
        let valueTypes = Set(plists.flatMap { $0["keyChanges"]?.arrayValue ?? [] }
            .compactMap { $0["newValue"]?["type"]?.stringValue })
        #expect(valueTypes.isSuperset(of: ["string", "data", "dictionary", "array"]), "\(valueTypes)")
        let modified = app["files"]?["modified"]?.arrayValue ?? []
        #expect(modified.contains { $0["isModeOnly"] == .boolean(true) })
        #expect((app["files"]?["added"]?.arrayValue ?? []).contains { $0["symlinkTarget"] == .string("notes.txt") })
        #expect(app["summary"]?["languagesRenamed"]?[0]?["to"] == .string("pt-BR"))
        #expect(app["summary"]?["languagesRemoved"] == .array([.string("de")]))
        let statuses = Set(bundles.compactMap { $0["status"]?.stringValue })
        #expect(statuses == ["matched", "added", "removed"])
        #expect(bundles.contains { ($0["signatureNoise"]?.arrayValue?.count ?? 0) > 0 })
        let moves = doc["moves"]?.arrayValue ?? []
        #expect(moves.contains { $0["kind"] == .string("exact") })
        #expect(moves.contains { $0["localization"]?["kind"] == .string("into") })
        #expect(doc["outsideBundles"]?["modified"]?[0]?["path"] == .string("Info.plist"))
        let gaps = (doc["localization"]?.arrayValue ?? []).flatMap { $0["newGaps"]?.arrayValue ?? [] }
        #expect(gaps.count > 0)
        #expect((doc["findings"]?.arrayValue?.count ?? 0) > 0)
    }

    @Test func hostileNamesRoundTrip() throws {
        let scratch = try ScratchDirectory("json")
        let (old, new) = try ReportFixtures.hostile(in: scratch)
        let report = try Self.json(["diff", old, new])
        let doc = report.tree
        #expect(try Self.problems(report.text) == nil)
        let app = doc["bundles"]?[0]
        let added = (app?["files"]?["added"]?.arrayValue ?? []).compactMap { $0["path"]?.stringValue }
        #expect(added.contains("Hostile.app/" + ReportFixtures.script + ".png"))
        #expect(added.contains("Hostile.app/" + ReportFixtures.quotes + ".txt"))
        #expect(added.contains("Hostile.app/first\\nsecond.txt"), "paths keep BundlePath's escapes: \(added)")
        #expect(added.contains("Hostile.app/\\u{202e}gnp.exe"))
        let keys = (app?["plistChanges"]?.arrayValue ?? []).flatMap { $0["keyChanges"]?.arrayValue ?? [] }
        let display = keys.first { $0["key"] == .string("Display") }
        #expect(display?["newValue"]?["value"] == .string(ReportFixtures.newline + ReportFixtures.rtl),
                "plist values are data, kept exactly")
        #expect(keys.contains { $0["key"] == .string(ReportFixtures.script) })
    }

    @Test func theSchemaKnowsEveryRuleID() throws {
        let schema = try JSONTree.parse(Data(contentsOf: URL(fileURLWithPath: CLIHarness.root + "/docs/report-schema.json")))
        let ids = Set((schema["$defs"]?["ruleId"]?["enum"]?.arrayValue ?? []).compactMap(\.stringValue))
        #expect(ids == Set(RuleID.allCases.map(\.rawValue)), "a new rule id is an additive schema change: list it")
    }

    @Test func theValidatorRejectsBrokenDocuments() throws {
        let text = try Self.json(["diff", CLIHarness.demoBuild(1), CLIHarness.demoBuild(2)]).text
        var doc = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        doc["verdict"] = nil
        doc["extra"] = "not in the schema"
        var findings = try #require(doc["findings"] as? [[String: Any]])
        findings[0]["severity"] = "fatal"
        findings[0]["isNew"] = "yes"
        doc["findings"] = findings
        doc["schemaVersion"] = 2
        let broken = String(decoding: try JSONSerialization.data(withJSONObject: doc), as: UTF8.self)
        let problems = try #require(try Self.problems(broken), "the broken document is refused")
        for expected in ["'verdict' is a required property", "'extra'", "'fatal'", "'yes'", "schemaVersion"] {
            #expect(problems.contains(expected), "\(expected) in: \(problems)")
        }
    }
}

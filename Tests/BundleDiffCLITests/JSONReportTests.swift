import Foundation
import Rules
import Testing
import TestSupport

/// `--format json` validates against docs/report-schema.json, covers every kind of change
/// and keeps hostile names intact.
@Suite struct JSONReportTests {
    static let date = "2026-11-08T09:00:00Z"

    static func validator() throws -> JSONSchemaValidator {
        try JSONSchemaValidator(schema: Data(contentsOf: URL(fileURLWithPath: CLIHarness.root + "/docs/report-schema.json")))
    }

    static func json(_ arguments: [String]) throws -> (status: Int32, tree: JSONTree, text: String) {
        let r = CLIHarness.run(arguments + ["--format", "json", "--report-date", date])
        #expect(r.err.isEmpty, "\(r.err)")
        return (r.status, try JSONTree.parse(r.out), r.out)
    }

    @Test func demoDiffAndGateMatchTheSchema() throws {
        let validator = try Self.validator()
        let diff = try Self.json(["diff", CLIHarness.demoBuild(1), CLIHarness.demoBuild(2)])
        #expect(diff.status == 1)
        #expect(validator.errors(in: diff.tree) == [])
        #expect(diff.tree["verdict"]?["status"] == .string("fail"))
        #expect(diff.tree["date"] == .string(Self.date))
        #expect(diff.tree["rules"]?.arrayValue?.count == RuleID.allCases.count, "every rule that ran is listed")
        let gate = try Self.json(["gate", CLIHarness.demoBuild(2), "--against", CLIHarness.demoBuild(1)])
        #expect(gate.status == 0)
        #expect(validator.errors(in: gate.tree) == [])
        #expect(gate.tree["kind"] == .string("gate"))
        #expect(gate.tree["rules"]?.arrayValue?.compactMap { $0["id"]?.stringValue }.allSatisfy { $0.hasPrefix("version.") } == true)
        let again = try Self.json(["gate", CLIHarness.demoBuild(2), "--against", CLIHarness.demoBuild(1)])
        #expect(Array(again.text.utf8) == Array(gate.text.utf8), "the same comparison renders the same bytes")
    }

    @Test func everyKindOfChangeIsInTheDocumentAndValid() throws {
        let scratch = try ScratchDirectory("json")
        let (old, new) = try ReportFixtures.everyChange(in: scratch)
        let doc = try Self.json(["diff", old, new, "--fail-on", "info"]).tree
        #expect(try Self.validator().errors(in: doc) == [])
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
        let doc = try Self.json(["diff", old, new]).tree
        #expect(try Self.validator().errors(in: doc) == [])
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
        let validator = try Self.validator()
        guard case .object(var doc) = try Self.json(["diff", CLIHarness.demoBuild(1), CLIHarness.demoBuild(2)]).tree
        else { Issue.record("not an object"); return }
        doc["verdict"] = nil
        doc["extra"] = .string("not in the schema")
        guard case .array(var findings)? = doc["findings"], case .object(var first) = findings[0] else {
            Issue.record("no findings"); return
        }
        first["severity"] = .string("fatal")
        first["isNew"] = .string("yes")
        findings[0] = .object(first)
        doc["findings"] = .array(findings)
        doc["schemaVersion"] = .integer(2)
        let errors = validator.errors(in: .object(doc))
        #expect(errors.contains(": missing required property 'verdict'"), "\(errors)")
        #expect(errors.contains(": property 'extra' is not allowed"), "\(errors)")
        #expect(errors.contains { $0.hasPrefix("/findings/0/severity: ") }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("/findings/0/isNew: expected type") }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("/schemaVersion: expected") }, "\(errors)")
        let bad = #"{"oneOf": [{"type": "string"}, {"type": "string"}]}"#
        #expect(try JSONSchemaValidator(schema: Data(bad.utf8)).errors(in: .string("x")).count == 1, "two oneOf matches fail")
        #expect(throws: JSONSchemaValidator.UnsupportedSchema.self) {
            try JSONSchemaValidator(schema: Data(#"{"type": "string", "pattern": "^a"}"#.utf8))
        }
    }
}

import BundleModel
import Comparison
import Testing
@testable import Rules

/// Runs one example through the engine, restricted to `rule`.
func findings(of rule: RuleID, _ example: RuleExample) -> [Finding] {
    let old = example.old?.snapshot() ?? BuildSnapshot(sourceKind: .directory, sourceName: "none", entries: [],
                                                       plists: [:], bundles: [])
    let comparison = Comparer.compare(old: old, new: example.new.snapshot())
    return RuleEngine.run(RuleContext(comparison: comparison, configuration: example.configuration,
                                      history: example.history, reportDate: example.reportDate),
                          only: [rule]).filter { $0.ruleID == rule }
}

/// One case per rule example, named for failure messages.
struct ExampleCase: CustomTestStringConvertible, Sendable {
    let rule: RuleID
    let example: RuleExample
    let triggering: Bool
    var testDescription: String { "\(rule.rawValue) \(triggering ? "triggers" : "silent"): \(example.name)" }

    static let all: [ExampleCase] = RuleID.allCases.flatMap { id in
        id.description.triggeringExamples.map { ExampleCase(rule: id, example: $0, triggering: true) }
            + id.description.nonTriggeringExamples.map { ExampleCase(rule: id, example: $0, triggering: false) }
    }
}

@Suite struct RuleExampleTests {
    @Test("every rule example", arguments: ExampleCase.all)
    func example(_ c: ExampleCase) {
        let found = findings(of: c.rule, c.example)
        if !c.triggering {
            #expect(found.isEmpty, "\(found.map(\.message))")
        } else if let n = c.example.expectedCount {
            #expect(found.count == n, "\(found.map(\.message))")
        } else {
            #expect(!found.isEmpty)
        }
    }

    @Test("every rule describes itself with examples of both kinds", arguments: RuleID.allCases)
    func describesItself(_ id: RuleID) {
        let d = id.description
        #expect(d.id == id)
        #expect(!d.triggeringExamples.isEmpty)
        #expect(!d.nonTriggeringExamples.isEmpty)
        #expect(!d.rationale.isEmpty)
    }

    @Test func registryHasTheMissingRules() {
        let ids = Set(RuleID.allCases.map(\.rawValue))
        for id in ["l10n.infoplist-strings", "l10n.language-dropped", "l10n.declared-languages",
                   "l10n.legacy-folder-name", "l10n.invalid-folder-name", "moves.resource-moved",
                   "moves.between-bundles", "moves.localization-changed", "moves.case-only-rename",
                   "l10n.format-argument-missing", "l10n.unreadable-table"] {
            #expect(ids.contains(id), "\(id)")
        }
        #expect(RuleID.allCases.count == 91)
    }
}

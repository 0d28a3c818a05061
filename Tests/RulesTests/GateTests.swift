import Testing
@testable import Rules

@Suite struct GateTests {
    static func finding(_ severity: Severity, isNew: Bool?, accepted: Bool = false, subject: String = "s") -> Finding {
        Finding(ruleID: .stringKeysDiffer, severity: severity, bundle: "b", message: "m", isNew: isNew,
                subject: subject, isAccepted: accepted)
    }

    @Test func failOnThreshold() {
        let warning = [Self.finding(.warning, isNew: true)]
        #expect(Gate.exitStatus(for: warning, failOn: .error, onlyNew: false) == 0)
        #expect(Gate.exitStatus(for: warning, failOn: .warning, onlyNew: false) == 1)
        #expect(Gate.exitStatus(for: warning, failOn: .info, onlyNew: false) == 1)
        #expect(Gate.exitStatus(for: [], failOn: .info, onlyNew: false) == 0)
    }

    @Test func onlyNewIgnoresFindingsTheOldBuildHad() {
        let old = [Self.finding(.error, isNew: false)]
        #expect(Gate.exitStatus(for: old, failOn: .error, onlyNew: true) == 0)
        #expect(Gate.exitStatus(for: old, failOn: .error, onlyNew: false) == 1)
        #expect(Gate.exitStatus(for: [Self.finding(.error, isNew: nil)], failOn: .error, onlyNew: true) == 1)
    }

    @Test func acceptedFindingsNeverCount() {
        #expect(Gate.exitStatus(for: [Self.finding(.error, isNew: true, accepted: true)], failOn: .info, onlyNew: false) == 0)
    }

    @Test func engineAppliesSeveritiesDisabledRulesAndTheBaseline() {
        let example = BuildNotIncreasedRule.description.triggeringExamples[0]
        let fingerprint = "version.build-not-increased|com.example.app|CFBundleVersion=7"
        let run = { (c: RuleConfiguration) in
            RuleEngine.run(old: example.old?.snapshot() ?? example.new.snapshot(), new: example.new.snapshot(),
                           configuration: c, only: [.buildNotIncreased])
        }
        #expect(run(RuleConfiguration()).map(\.fingerprint) == [fingerprint])
        #expect(run(RuleConfiguration(severities: [.buildNotIncreased: .info])).first?.severity == .info)
        #expect(run(RuleConfiguration(disabled: [.buildNotIncreased])).isEmpty)
        let accepted = run(RuleConfiguration(acceptedFingerprints: [fingerprint]))
        #expect(accepted.first?.isAccepted == true)
        #expect(Gate.exitStatus(for: accepted, failOn: .error, onlyNew: false) == 0)
    }
}

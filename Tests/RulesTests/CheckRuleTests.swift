import BundleModel
import Comparison
import Testing
@testable import Rules

/// The single-build rule plumbing: registry, `diff`'s new/existing marks, names.
@Suite struct CheckRuleTests {
    static let empty = BuildSnapshot(sourceKind: .directory, sourceName: "none", entries: [], plists: [:], bundles: [])

    @Test func registryKnowsTheCheckRules() {
        #expect(RuleID.checkRules.contains(.iosResourcesFolder))
        #expect(!RuleID.checkRules.contains(.buildNotIncreased))
        // Of the gate's version rules, only those that need no earlier build.
        #expect(RuleID.checkRules.intersection(RuleID.versionRules) == [.shortVersionComponents])
        for id in RuleID.checkRules {
            // A check rule judges one build: its examples have no old build.
            for e in id.description.triggeringExamples + id.description.nonTriggeringExamples {
                #expect(e.old == nil, "\(id.rawValue): \(e.name)")
            }
        }
    }

    /// `check` (the build against an empty one, the check rules only) names a four-part
    /// marketing version: App Store Connect refuses it whatever was uploaded before.
    @Test func checkNamesAFourPartMarketingVersion() {
        let build = BuildNotIncreasedRule.app(short: "1.2.3.4", build: "7").snapshot()
        let found = RuleEngine.run(old: Self.empty, new: build, only: RuleID.checkRules)
        #expect(found.filter { $0.ruleID == .shortVersionComponents }.map(\.message)
            == ["CFBundleShortVersionString '1.2.3.4' has 4 components: use major.minor.patch"])
    }

    @Test func diffMarksTheNewSidesCheckFindingsNewOrExisting() {
        let bad = IOSResourcesFolderRule.app().file("Example.app/Resources/a.png")
        let good = IOSResourcesFolderRule.app().file("Example.app/Assets/a.png")
        let introduced = RuleEngine.run(old: good.snapshot(), new: bad.snapshot(), only: [.iosResourcesFolder])
        #expect(introduced.map(\.isNew) == [true])
        let kept = RuleEngine.run(old: bad.file("Example.app/b.png").snapshot(), new: bad.snapshot(), only: [.iosResourcesFolder])
        #expect(kept.map(\.isNew) == [false])
        let alone = RuleEngine.run(old: Self.empty, new: bad.snapshot(), only: [.iosResourcesFolder])
        #expect(alone.map(\.isNew) == [nil], "no old build: neither new nor existing")
        let fixed = RuleEngine.run(old: bad.snapshot(), new: good.snapshot(), only: [.iosResourcesFolder])
        #expect(fixed.isEmpty, "only the new side's findings are reported")
    }

    @Test func checkFindingsHonourSeverityAndBaseline() {
        let bad = IOSResourcesFolderRule.app().file("Example.app/Resources/a.png").snapshot()
        let plain = RuleEngine.run(old: Self.empty, new: bad, only: [.iosResourcesFolder])
        #expect(plain.map(\.severity) == [.error])
        #expect(plain.first?.fingerprint == "structure.ios-resources-folder|com.example.app|Resources")
        let lowered = RuleConfiguration(severities: [.iosResourcesFolder: .warning],
                                        acceptedFingerprints: Set(plain.map(\.fingerprint)))
        let again = RuleEngine.run(old: Self.empty, new: bad, configuration: lowered, only: [.iosResourcesFolder])
        #expect(again.map(\.severity) == [.warning])
        #expect(again.map(\.isAccepted) == [true])
        let off = RuleConfiguration(disabled: [.iosResourcesFolder])
        #expect(RuleEngine.run(old: Self.empty, new: bad, configuration: off, only: [.iosResourcesFolder]).isEmpty)
    }
}

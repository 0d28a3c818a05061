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
        #expect(RuleID.checkRules.intersection(RuleID.versionRules) == [.shortVersionComponents, .malformedVersion])
        for id in RuleID.checkRules where id.ruleType is any CheckRule.Type {
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

    /// `check` names a framework's pre-release versions with App Store Connect's codes, and
    /// leaves a missing key to `info-plist.required-keys` (one finding, not two).
    @Test func checkNamesMalformedVersionsOnce() {
        let build = BuildNotIncreasedRule.app(short: "1.0", build: "7")
            .bundle("Example.app/Frameworks/Sentry.framework", kind: .framework, id: "io.sentry", version: "8.22.3-beta.0",
                    shortVersion: "8.22.3-beta.0", info: [("CFBundleExecutable", .string("Sentry"))])
            .bundle("Example.app/PlugIns/Share.appex", kind: .appex, id: "com.example.app.share", shortVersion: "1.0",
                    info: [("CFBundleExecutable", .string("Share"))])
        let context = RuleContext(comparison: Comparer.compare(old: Self.empty, new: build.snapshot()),
                                  configuration: RuleConfiguration(), history: nil)
        var alone = context
        alone.judgesOneBuild = true
        let found = RuleEngine.run(alone, only: RuleID.checkRules)
        #expect(Set(found.filter { $0.ruleID == .malformedVersion }.map(\.message)) == [
            "CFBundleVersion '8.22.3-beta.0' component '3-beta' is not a non-negative integer; it must be 1–3 "
                + "period-separated non-negative integers: App Store Connect refuses it (ITMS-90058)",
            "CFBundleShortVersionString '8.22.3-beta.0' component '3-beta' is not a non-negative integer; it must be 1–3 "
                + "period-separated non-negative integers: App Store Connect refuses it (ITMS-90060)",
        ])
        #expect(found.filter { $0.ruleID == .infoPlistRequiredKeys && $0.message.contains("CFBundleVersion") }.map(\.message)
            == ["Info.plist has no CFBundleVersion (or an empty one); App Store Connect refuses it (ITMS-90056)"])
        var developerID = RuleContext(comparison: context.comparison, configuration: RuleConfiguration(distribution: .developerID),
                                      history: nil)
        developerID.judgesOneBuild = true
        #expect(RuleEngine.run(developerID, only: [.malformedVersion]).isEmpty)
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

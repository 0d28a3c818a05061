import BundleModel
import Comparison
import Testing
@testable import Rules

/// What several rules read is made once per comparison and side: the seal evaluation of
/// each build, the flattened string tables of each bundle. The findings stay those of
/// rules run one by one on their own contexts.
@Suite struct SharedEvaluationTests {
    static let parityRules: Set<RuleID> = [.stringKeysDiffer, .formatSpecifierMismatch, .formatArgumentMissing,
                                           .untranslatedValue]
    static let sealRules: [RuleID] = [.sealAdded, .sealMissing, .sealChanged, .sealSymlink, .sealNested, .sealInvalid]

    @Test func sealRulesShareOneEvaluationPerSide() {
        let old = SealCheck.signedApp(files: [("a.json", "x")], sealed: [("a.json", "x")]).snapshot()
        let new = SealCheck.signedApp(files: [("a.json", "changed"), ("b.json", "y")],
                                      sealed: [("a.json", "x"), ("c.json", "z")]).snapshot()
        let context = RuleContext(comparison: Comparer.compare(old: old, new: new), configuration: RuleConfiguration(),
                                  history: nil)
        let shared = RuleEngine.run(context, only: Set(Self.sealRules))
        #expect(context.check(isNew: true).seals.evaluationCount == 1)
        #expect(context.check(isNew: false).seals.evaluationCount == 1)
        // Each rule alone, on a context of its own, finds the same.
        var alone: [Finding] = []
        for id in Self.sealRules {
            alone += RuleEngine.run(Comparer.compare(old: old, new: new), only: [id])
        }
        #expect(shared == alone.sorted())
        #expect(Set(shared.map(\.ruleID)) == [.sealAdded, .sealMissing, .sealChanged])
    }

    /// Every rule at once, on both cores sharing one context, finds what each rule finds
    /// alone on a context of its own, run after run.
    @Test func allRulesOnBothCoresFindWhatEachFindsAlone() {
        let pairs = [
            (L10nExamples.app(tables: [("en.lproj/Localizable.strings", [("hello", "Hello %@"), ("bye", "Bye")]),
                                       ("fr.lproj/Localizable.strings", [("hello", "Bonjour %@"), ("bye", "Salut")])]).snapshot(),
             L10nExamples.app(tables: [("en.lproj/Localizable.strings", [("hello", "Hello %@"), ("bye", "Bye"), ("new", "New")]),
                                       ("fr.lproj/Localizable.strings", [("hello", "Bonjour %d")]),
                                       ("xx.lproj/Localizable.strings", [("hello", "Hello %@")])]).snapshot()),
            (SealCheck.signedApp(files: [("a.json", "x")], sealed: [("a.json", "x")]).snapshot(),
             SealCheck.signedApp(files: [("a.json", "changed"), ("b.json", "y")], sealed: [("a.json", "x"), ("c.json", "z")]).snapshot()),
        ]
        for (old, new) in pairs {
            var alone: [Finding] = []
            for id in RuleEngine.rules(RuleConfiguration()) {
                alone += RuleEngine.run(Comparer.compare(old: old, new: new), only: [id])
            }
            #expect(alone.count > 2)
            for _ in 0..<5 {
                #expect(RuleEngine.run(Comparer.compare(old: old, new: new)) == alone.sorted())
            }
        }
    }

    @Test func checkRulesJudgeTheOldSideOnlyForNewFindings() {
        let old = SealCheck.signedApp(files: [("a.json", "changed")], sealed: [("a.json", "x"), ("c.json", "z")]).snapshot()
        let new = SealCheck.signedApp(files: [("a.json", "x")], sealed: [("a.json", "x")]).snapshot()
        let context = RuleContext(comparison: Comparer.compare(old: old, new: new), configuration: RuleConfiguration(),
                                  history: nil)
        #expect(RuleEngine.run(context, only: Set(Self.sealRules)).isEmpty)
        #expect(context.check(isNew: true).seals.evaluationCount == 1)
        #expect(context.check(isNew: false).seals.evaluationCount == 0, "no new finding to mark: the old side is not judged")
        // The other way round, the old side is judged to mark each finding new or existing.
        let back = RuleContext(comparison: Comparer.compare(old: new, new: old), configuration: RuleConfiguration(),
                               history: nil)
        let findings = RuleEngine.run(back, only: Set(Self.sealRules))
        #expect(!findings.isEmpty && findings.allSatisfy { $0.isNew == true })
        #expect(back.check(isNew: false).seals.evaluationCount == 1)
    }

    @Test func parityRulesFlattenEachTableOnce() throws {
        let build = L10nExamples.app(tables: [
            ("en.lproj/Localizable.strings", [("hello", "Hello %@"), ("bye", "Bye")]),
            ("fr.lproj/Localizable.strings", [("hello", "Bonjour %d")]),
            ("de.lproj/Localizable.strings", [("hello", "Hello %@"), ("bye", "Tschüss")]),
        ]).snapshot()
        let context = RuleContext(comparison: Comparer.compare(old: build, new: build), configuration: RuleConfiguration(),
                                  history: nil)
        let findings = RuleEngine.run(context, only: Self.parityRules)
        #expect(!findings.isEmpty)
        let bundle = try #require(build.mainBundle)
        let localized = context.localizedBundle(bundle, named: "Example.app", isNew: true)
        #expect(localized.tables.flattened == 3,
                "each of the three tables flattened once, for every parity rule and both sides (the same content)")
        #expect(findings == RuleEngine.run(Comparer.compare(old: build, new: build), only: Self.parityRules))
    }
}

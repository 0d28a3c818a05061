import BundleModel
import Comparison
import Dispatch
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

    /// A diff's context flattens every table while the files are merged
    /// (`RuleContext.comparing`): the rules and the matrix then flatten none, and find what
    /// they find on a context made the plain way.
    @Test func comparingFlattensEveryTableTheRulesRead() throws {
        let old = L10nExamples.app(tables: [
            ("en.lproj/Localizable.strings", [("hello", "Hello %@"), ("bye", "Bye")]),
            ("fr.lproj/Localizable.strings", [("hello", "Bonjour %d")]),
            ("Sub/en.lproj/More.strings", [("a", "A")]),
        ]).snapshot()
        let new = L10nExamples.app(tables: [
            ("en.lproj/Localizable.strings", [("hello", "Hello %@"), ("bye", "Bye"), ("new", "New")]),
            ("fr.lproj/Localizable.strings", [("hello", "Bonjour %@")]),
            ("de.lproj/Localizable.strings", [("hello", "Hallo %@")]),
            ("Sub/en.lproj/More.strings", [("a", "A")]),
            ("Sub/fr.lproj/More.strings", [("b", "B")]),
        ]).snapshot()
        let context = RuleContext.comparing(old: old, new: new, configuration: RuleConfiguration(), history: nil,
                                            reportDate: nil)
        let main = try #require(context.comparison.mainBundle)
        let tables = context.localizedBundle(try #require(main.new), named: main.name, isNew: true).tables
        let flattened = tables.flattened
        #expect(flattened == 7, "five tables on the new side, two more contents on the old")
        let findings = RuleEngine.run(context)
        let matrix = LocalizationMatrix.of(context)
        #expect(tables.flattened == flattened, "the rules and the matrix flattened nothing more")
        let plain = RuleContext(comparison: Comparer.compare(old: old, new: new), configuration: RuleConfiguration(),
                                history: nil)
        #expect(!findings.isEmpty)
        #expect(findings == RuleEngine.run(plain))
        #expect(matrix == LocalizationMatrix.of(plain))

        // The old build prepared ahead (`PreparedBuild`, as `diff` has it done while the new
        // build loads): its two contents are flattened then, the comparison takes its index
        // and its tables, and flattens the new side's five contents into the same tables.
        let prepared = PreparedBuild(old)
        #expect(prepared.index == nil)
        prepared.prepare()
        #expect(prepared.index != nil && prepared.tables.flattened == 3, "the old build's three tables")
        let ahead = RuleContext.comparing(old: old, new: new, configuration: RuleConfiguration(), history: nil,
                                          reportDate: nil, prepared: prepared)
        #expect(prepared.tables.flattened == flattened, "the comparison flattened the rest into the prepared tables")
        #expect(ahead.comparison == context.comparison)
        #expect(RuleEngine.run(ahead) == findings)
        #expect(LocalizationMatrix.of(ahead) == matrix)
        prepared.prepare()
        #expect(prepared.tables.flattened == flattened, "prepared once")
        // Handed out as a job for another thread, the index waits for the job's end.
        let later = PreparedBuild(old)
        let job = later.job()
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) { job() }
        #expect(later.index != nil && later.tables.flattened == 3)
    }

    /// The two format rules read the same pairs of tables on both sides: each pair of
    /// contents is worked out once, and each rule still finds what it finds alone.
    @Test func formatRulesWorkOutEachPairOfTablesOnce() throws {
        let build = L10nExamples.app(tables: [
            ("en.lproj/Localizable.strings", [("hello", "Hello %@"), ("pair", "%1$@ and %2$@")]),
            ("fr.lproj/Localizable.strings", [("hello", "Bonjour %d"), ("pair", "%1$@ et %2$@")]),
            ("de.lproj/Localizable.strings", [("hello", "Hallo %@"), ("pair", "%1$@")]),
        ]).snapshot()
        let rules: Set<RuleID> = [.formatSpecifierMismatch, .formatArgumentMissing]
        let context = RuleContext(comparison: Comparer.compare(old: build, new: build), configuration: RuleConfiguration(),
                                  history: nil)
        let findings = RuleEngine.run(context, only: rules)
        let bundle = try #require(build.mainBundle)
        #expect(context.localizedBundle(bundle, named: "Example.app", isNew: true).tables.formatPairs == 2,
                "en against fr and en against de, once each for both rules and both sides")
        #expect(Set(findings.map(\.ruleID)) == rules)
        var alone: [Finding] = []
        for id in rules { alone += RuleEngine.run(Comparer.compare(old: build, new: build), only: [id]) }
        #expect(findings == alone.sorted())
    }

    /// A bundle whose localizations did not change (a new version, another resource) has the
    /// old build's findings: they are marked existing without judging the old side again.
    /// A changed table makes the old side judged, and only what it introduced is new.
    @Test func unchangedLocalizationsAreNotJudgedAgain() throws {
        func app(version: String, fr: [(String, String)]) -> BuildSnapshot {
            ExampleBuild().bundle("Example.app", id: "com.example.app", version: version, shortVersion: version + ".0",
                                  info: [("CFBundleDevelopmentRegion", .string("en"))])
                .strings("Example.app/en.lproj/Localizable.strings", [("hello", "Hello %@"), ("bye", "Bye")])
                .strings("Example.app/fr.lproj/Localizable.strings", fr)
                .file("Example.app/data.json", version).snapshot()
        }
        let old = app(version: "1", fr: [("hello", "Bonjour %d")])
        for (new, judgedAlike) in [(app(version: "2", fr: [("hello", "Bonjour %d")]), true),
                                   (app(version: "2", fr: [("hello", "Bonjour %d"), ("extra", "En plus")]), false)] {
            let context = RuleContext(comparison: Comparer.compare(old: old, new: new), configuration: RuleConfiguration(),
                                      history: nil)
            let findings = RuleEngine.run(context, only: Self.parityRules)
            let before = context.localizedBundle(try #require(old.mainBundle), named: "Example.app", isNew: false)
            let now = context.localizedBundle(try #require(new.mainBundle), named: "Example.app", isNew: true)
            #expect(now.judgesLike(before) == judgedAlike)
            #expect(now.info?["CFBundleVersion"] == nil && now.info?["CFBundleShortVersionString"] == nil && now.bundle.version == nil,
                    "no parity rule can read the version")
            #expect(findings.contains { $0.ruleID == .formatSpecifierMismatch && $0.isNew == false })
            #expect(findings.contains { $0.isNew == true } == !judgedAlike, "only the extra key is new")
        }
    }

    /// A table whose content is not known by a digest (a file recorded without one) keeps
    /// the old build judged: equal entries then say nothing about equal tables.
    @Test func aTableWithoutADigestIsJudgedAgain() throws {
        func build(_ version: String) -> BuildSnapshot {
            var snapshot = ExampleBuild().bundle("Example.app", id: "com.example.app", version: version,
                                                 info: [("CFBundleDevelopmentRegion", .string("en"))])
                .strings("Example.app/en.lproj/Localizable.strings", [("hello", "Hello %@")])
                .strings("Example.app/fr.lproj/Localizable.strings", [("hello", "Bonjour %d")]).snapshot()
            snapshot.entries = EntryList(snapshot.entries.map { entry in
                var copy = entry
                if copy.path.nameString == "Localizable.strings" { copy.sha256 = nil }
                return copy
            })
            return snapshot
        }
        let old = build("1"), new = build("2")
        let context = RuleContext(comparison: Comparer.compare(old: old, new: new), configuration: RuleConfiguration(),
                                  history: nil)
        let findings = RuleEngine.run(context, only: Self.parityRules)
        let before = context.localizedBundle(try #require(old.mainBundle), named: "Example.app", isNew: false)
        let now = context.localizedBundle(try #require(new.mainBundle), named: "Example.app", isNew: true)
        #expect(before.groups == now.groups, "the same entries on both sides")
        #expect(!now.judgesLike(before))
        #expect(findings.contains { $0.ruleID == .formatSpecifierMismatch && $0.isNew == false })
    }
}

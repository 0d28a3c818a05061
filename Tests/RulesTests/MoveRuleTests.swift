import BundleModel
import Comparison
import Testing
@testable import Rules

@Suite struct MoveRuleTests {
    static let moveRules: [RuleID] = [.resourceMoved, .movedBetweenBundles, .localizationMove, .caseOnlyRename]

    func all(_ old: ExampleBuild, _ new: ExampleBuild) -> [Finding] {
        RuleEngine.run(old: old.snapshot(), new: new.snapshot(), only: Set(Self.moveRules))
    }

    @Test func eachMoveIsReportedByExactlyOneRule() {
        let old = MovedBetweenBundlesRule.build(["Example.app/Colors.json": "{tint}", "Example.app/Icon.PNG": "png",
                                                 "Example.app/Terms.html": "terms", "Example.app/Sounds/a.aiff": "aaaa"])
        let new = MovedBetweenBundlesRule.build(["Example.app/Frameworks/Core.framework/Colors.json": "{tint}",
                                                 "Example.app/icon.png": "png", "Example.app/en.lproj/Terms.html": "terms",
                                                 "Example.app/Audio/a.aiff": "aaaa"])
        let f = all(old, new)
        #expect(f.map(\.ruleID).sorted { $0.rawValue < $1.rawValue }
            == [.movedBetweenBundles, .caseOnlyRename, .localizationMove, .resourceMoved])
    }

    @Test func folderMoveMessageNamesTheFolderAndTheFileCount() {
        let example = ResourceMovedRule.description.triggeringExamples[1]
        let f = findings(of: .resourceMoved, example)
        #expect(f.count == 1)
        #expect(f.first?.message.hasPrefix("folder Sounds/ (3 files) moved to Media/Sounds/") == true)
        #expect(f.first?.paths == [BundlePath("Example.app/Media/Sounds")])
        #expect(f.first?.isNew == nil)
    }

    @Test func betweenBundlesSaysWhichBundleToLoadFrom() {
        let f = findings(of: .movedBetweenBundles, MovedBetweenBundlesRule.description.triggeringExamples[0])
        #expect(f.first?.bundle == "com.example.app")
        #expect(f.first?.message.contains("moved from com.example.app to com.example.core") == true)
        #expect(f.first?.message.contains("Bundle.main lookups no longer find it") == true)
    }

    @Test func betweenTwoFrameworksTheAdviceIsAboutTheFrameworkNotBundleMain() {
        let old = MovedBetweenBundlesRule.build(["Example.app/Frameworks/Core.framework/Colors.json": "{tint}"],
                                                nested: ["Example.app/Frameworks/UI.framework": "com.example.ui"])
        let new = MovedBetweenBundlesRule.build(["Example.app/Frameworks/UI.framework/Colors.json": "{tint}"],
                                                nested: ["Example.app/Frameworks/UI.framework": "com.example.ui"])
        let f = all(old, new)
        #expect(f.map(\.ruleID) == [.movedBetweenBundles])
        let message = f.first?.message ?? ""
        #expect(!message.contains("Bundle.main"), "\(message)")
        #expect(message.contains("lookups through the com.example.core bundle"), "\(message)")
        #expect(message.contains("load it through the com.example.ui bundle"), "\(message)")
        #expect(message.hasPrefix("Colors.json moved from com.example.core to com.example.ui (Colors.json)"), "\(message)")
    }

    @Test func outOfAFrameworkIntoTheAppSaysBundleMain() {
        let f = all(MovedBetweenBundlesRule.build(["Example.app/Frameworks/Core.framework/Colors.json": "{tint}"]),
                    MovedBetweenBundlesRule.build(["Example.app/Colors.json": "{tint}"]))
        #expect(f.first?.message.contains("it is now in the app: load it through Bundle.main") == true,
                "\(f.map(\.message))")
    }

    @Test func replacedFrameworkIsNoMoveFinding() throws {
        let example = MovedBetweenBundlesRule.description.nonTriggeringExamples[1]
        let f = all(try #require(example.old), example.new)
        #expect(f.isEmpty, "\(f.map(\.message))")
    }

    @Test func localizationMoveExplainsTheDirection() {
        let examples = LocalizationMoveRule.description.triggeringExamples
        func named(_ name: String) -> [Finding] {
            examples.first { $0.name.hasPrefix(name) }.map { findings(of: .localizationMove, $0) } ?? []
        }
        let into = named("shared → fr.lproj")
        #expect(into.first?.message.contains("it now exists only for fr") == true)
        let between = named("de.lproj → fr.lproj")
        #expect(between.first?.message.contains("from de.lproj to fr.lproj") == true)
        #expect(between.first?.severity == .warning)
        let base = named("en.lproj → Base.lproj")
        #expect(base.first?.message.contains("Base.lproj serves the development region (en)") == true, "\(base.map(\.message))")
        #expect(base.first?.severity == .info)
    }

    @Test func compiledNibBecomingAFolderOfTheSameNameIsNotAMove() {
        let f = all(ResourceMovedRule.app(["Main.nib": "flat nib"]),
                    ResourceMovedRule.app(["Main.nib/objects.nib": "objects", "Main.nib/runtime.nib": "runtime"]))
        #expect(f.isEmpty, "\(f.map(\.message))")
    }
}

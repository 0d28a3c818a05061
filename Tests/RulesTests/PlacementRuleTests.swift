import BundleModel
import Comparison
import PropertyLists
import Testing
@testable import Rules

/// The severities and wording of the placement and structure rules beyond their examples.
@Suite struct PlacementRuleTests {
    func run(_ rule: RuleID, _ build: ExampleBuild) -> [Finding] {
        findings(of: rule, RuleExample("t", old: nil, new: build))
    }

    @Test func lostSymlinksAreANoteNotAnError() {
        let found = run(.frameworkVersions, FrameworkVersionsRule.flattened())
        #expect(found.map(\.severity) == [.info])
        #expect(found.first?.paths.count == 3)
    }

    @Test func aFlattenedLinkOfTheWrongSizeIsAnError() {
        let build = FrameworkVersionsRule.framework().file("Core.framework/Modules", "not a link text")
        let found = run(.frameworkVersions, build)
        #expect(found.map(\.severity) == [.error])
        #expect(found.first?.message.contains("'Modules' at the top of the framework is a file") == true)
    }

    @Test func twoVersionsIsAWarning() {
        let build = FrameworkVersionsRule.framework().file("Core.framework/Versions/B/Core", "old")
        #expect(run(.frameworkVersions, build).map(\.severity) == [.warning])
    }

    @Test func aCurrentLinkOutsideVersionsIsAnErrorOnce() {
        let found = run(.frameworkVersions, FrameworkVersionsRule.framework(current: "../../Elsewhere"))
        #expect(found.count == 1, "\(found.map(\.message))")
        #expect(found.first?.message.contains("outside the Versions folder") == true)
    }

    @Test func helperAppsAndManifestsAreWarningsExtensionsErrors() {
        let mac = ContentPlacementRule.macApp()
            .bundle("Example.app/Contents/Resources/Helper.app", id: "com.example.helper", layout: .contents)
            .file("Example.app/Contents/PrivacyInfo.xcprivacy", "x")
            .bundle("Example.app/Contents/Resources/Share.appex", kind: .appex, id: "com.example.share", layout: .contents)
        let bySubject = Dictionary(uniqueKeysWithValues: run(.contentPlacement, mac).map { ($0.paths.first?.description ?? "", $0.severity) })
        #expect(bySubject == ["Example.app/Contents/Resources/Helper.app": Severity.warning, "Example.app/Contents/PrivacyInfo.xcprivacy": .warning,
                              "Example.app/Contents/Resources/Share.appex": .error])
    }

    @Test func iconBaseNames() {
        #expect(IconNameMatch.base("AppIcon60x60@2x~ipad.png") == "appicon60x60")
        #expect(IconNameMatch.base("AppIcon83.5x83.5@2x~ipad.png") == "appicon83.5x83.5")
        #expect(IconNameMatch.base("Icon.png") == "icon")
        #expect(IconNameMatch.base("me@home.png") == "me@home")
    }

    @Test func anAbsoluteIconPathIsNeverFound() {
        let build = IconFilesRule.app(["CFBundleIconFiles": ["/Users/me/icon/58.png"]]).file("Example.app/58.png", "png")
        #expect(run(.iconFiles, build).count == 1)
    }

    /// The icon index reads only the folders the entries name (and `.lproj` folders right
    /// below them): the files deeper down are passed over, and the answers stay the same.
    @Test func iconMatchIndexesOnlyTheNamedFolders() throws {
        var build = IconFilesRule.app(["CFBundleIconFiles": ["Icon", "Art/Logo", "Missing"]])
            .file("Example.app/Icon@2x.png", "png").file("Example.app/fr.lproj/Icon~ipad.png", "png")
            .file("Example.app/Art/Logo.png", "png").file("Example.app/Other/Missing.png", "png")
        for i in 0..<50 { build = build.file("Example.app/Deep/Art/Logo\(i).png", "png") }
        let snapshot = build.snapshot()
        let comparison = Comparer.compare(old: snapshot, new: snapshot)
        let check = RuleContext(comparison: comparison, configuration: RuleConfiguration(), history: nil).check(isNew: true)
        let app = try #require(check.bundles.first { $0.path == BundlePath("Example.app") })
        let match = IconNameMatch(build: check, bundle: app, entries: ["Icon", "Art/Logo", "Missing"])
        #expect(match.exists("Icon") && match.exists("Art/Logo"))
        #expect(!match.exists("Missing"))
        // Info.plist, the two icons at the top (one in fr.lproj) and Art/Logo.png: not
        // Other/ (named by no entry) nor the 50 files below Deep/.
        #expect(match.indexed == 4)
    }
}

import BundleModel
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
}

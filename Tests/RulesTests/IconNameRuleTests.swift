import BundleModel
import MachO
import PropertyLists
import Testing
@testable import Rules

/// `info-plist.icon-name` on built fixtures: which SDK counts, and which apps are not judged.
@Suite struct IconNameRuleTests {
    /// An app recorded without Mach-O facts, its SDK as Xcode wrote it into Info.plist.
    static func plistOnly(_ info: [(String, PlistValue)]) -> ExampleBuild {
        ExampleBuild().bundle("Example.app", id: "com.example.app", info: [("CFBundleExecutable", .string("Example"))] + info)
            .file("Example.app/Example", "stand-in", executable: true)
    }

    @Test func theMessageNamesTheSDK() {
        let found = findings(of: .iconName, RuleExample("", old: nil, new: IconNameRule.app(sdk: 17)))
        #expect(found.map(\.message) == ["Info.plist has no CFBundleIconName, and the app was built with the iOS 17.0 SDK: "
            + "App Store Connect refuses it (ITMS-90713); add the app icon to an asset catalog and set it as the target's app icon"])
        #expect(found.map(\.paths) == [[BundlePath("Example.app/Info.plist")]])
    }

    @Test func withoutMachOFactsInfoPlistsSDKDecides() {
        let device = Self.plistOnly([("DTPlatformName", .string("iphoneos")), ("DTPlatformVersion", .string("11.2"))])
        #expect(findings(of: .iconName, RuleExample("", old: nil, new: device)).count == 1)
        let old = Self.plistOnly([("DTPlatformName", .string("iphoneos")), ("DTPlatformVersion", .string("10.3"))])
        #expect(findings(of: .iconName, RuleExample("", old: nil, new: old)).isEmpty)
        let simulator = Self.plistOnly([("DTPlatformName", .string("iphonesimulator")), ("DTPlatformVersion", .string("17.0"))])
        #expect(findings(of: .iconName, RuleExample("", old: nil, new: simulator)).isEmpty)
        let unknown = Self.plistOnly([])
        #expect(findings(of: .iconName, RuleExample("", old: nil, new: unknown)).isEmpty)
    }

    @Test func aSimulatorBuildAndAWatchOnlyStubAreNotJudged() {
        let simulator = ExampleBuild().bundle("Example.app", id: "com.example.app", info: [("CFBundleExecutable", .string("Example"))])
            .binary("Example.app/Example", MachOFile(container: .thin, slices: [ExampleBuild.slice(platform: .iOSSimulator)]))
        #expect(findings(of: .iconName, RuleExample("", old: nil, new: simulator)).isEmpty)
        let stub = IconNameRule.app(sdk: 17, info: [("ITSWatchOnlyContainer", .boolean(true))])
        #expect(findings(of: .iconName, RuleExample("", old: nil, new: stub)).isEmpty)
        let empty = IconNameRule.app(sdk: 17, info: [("CFBundleIconName", .string(""))])
        #expect(findings(of: .iconName, RuleExample("", old: nil, new: empty)).count == 1)
    }
}

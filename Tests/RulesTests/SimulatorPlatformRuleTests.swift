import BundleModel
import MachO
import PropertyLists
import Testing
@testable import Rules

/// `info-plist.simulator-platform` on built fixtures: what it says, and when a build counts
/// as a device build.
@Suite struct SimulatorPlatformRuleTests {
    static func app(platforms: [String], resourceBundle: [String]? = nil, machO: Bool = true) -> ExampleBuild {
        var build = ExampleBuild().bundle("Example.app", id: "com.example.app", info: [
            ("CFBundleExecutable", .string("Example")), ("CFBundleSupportedPlatforms", .array(platforms.map { .string($0) })),
        ])
        build = machO ? build.binary("Example.app/Example", MachOFile(container: .thin, slices: [ExampleBuild.slice()]))
                      : build.file("Example.app/Example", "stand-in", executable: true)
        if let resourceBundle {
            build = build.bundle("Example.app/Assets.bundle", kind: .bundle, id: "com.example.assets", info: [
                ("CFBundleSupportedPlatforms", .array(resourceBundle.map { .string($0) })),
            ])
        }
        return build
    }

    @Test func aResourceBundleFromASimulatorBuildIsNamed() {
        let found = findings(of: .simulatorPlatform, RuleExample("", old: nil,
                                                                 new: Self.app(platforms: ["iPhoneOS"], resourceBundle: ["iPhoneSimulator"])))
        #expect(found.map(\.message) == ["Assets.bundle/Info.plist lists CFBundleSupportedPlatforms 'iPhoneSimulator' in a "
            + "device build: App Store Connect refuses it (ITMS-90542); take the bundle, or its Info.plist, from a device build"])
    }

    /// The device slice decides: an app whose own Info.plist came from a simulator build is named too.
    @Test func theAppsOwnInfoPlistIsJudgedByItsExecutable() {
        let found = findings(of: .simulatorPlatform, RuleExample("", old: nil, new: Self.app(platforms: ["iPhoneSimulator"])))
        #expect(found.map(\.paths) == [[BundlePath("Example.app/Info.plist")]])
    }

    /// Without Mach-O facts the app's own Info.plist says what the build is for.
    @Test func withoutMachOFactsTheAppsPlatformsDecide() {
        let device = findings(of: .simulatorPlatform, RuleExample("", old: nil, new: Self.app(
            platforms: ["iPhoneOS"], resourceBundle: ["iPhoneSimulator"], machO: false)))
        #expect(device.count == 1)
        let simulator = findings(of: .simulatorPlatform, RuleExample("", old: nil, new: Self.app(
            platforms: ["iPhoneSimulator"], resourceBundle: ["iPhoneSimulator"], machO: false)))
        #expect(simulator.isEmpty)
    }

    @Test func aMacAppIsNotJudged() {
        let mac = ExampleBuild().bundle("Example.app", id: "com.example.app", layout: .contents, info: [
            ("CFBundleExecutable", .string("Example")), ("CFBundleSupportedPlatforms", .array([.string("MacOSX")])),
        ])
        .binary("Example.app/Contents/MacOS/Example", MachOFile(container: .thin, slices: [ExampleBuild.slice(platform: .macOS)]))
        .bundle("Example.app/Contents/Resources/Odd.bundle", kind: .bundle, id: "com.example.odd", layout: .contents, info: [
            ("CFBundleSupportedPlatforms", .array([.string("iPhoneSimulator")])),
        ])
        #expect(findings(of: .simulatorPlatform, RuleExample("", old: nil, new: mac)).isEmpty)
    }
}

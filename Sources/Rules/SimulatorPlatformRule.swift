import BundleModel
import MachO
import PropertyLists

/// A bundle of a device build whose `CFBundleSupportedPlatforms` names a simulator.
public struct SimulatorPlatformRule: CheckRule {
    public init() {}

    /// The platform names Xcode writes into CFBundleSupportedPlatforms for simulator builds.
    static let simulatorNames: Set<String> = ["iPhoneSimulator", "AppleTVSimulator", "WatchSimulator", "XRSimulator"]
    /// Those it writes for devices.
    static let deviceNames: Set<String> = ["iPhoneOS", "AppleTVOS", "WatchOS", "XROS"]

    static func app(framework platforms: [String]) -> ExampleBuild {
        ExampleBuild().bundle("Example.app", id: "com.example.app", info: [
            ("CFBundleExecutable", .string("Example")), ("CFBundleSupportedPlatforms", .array([.string("iPhoneOS")])),
        ])
        .binary("Example.app/Example", MachOFile(container: .thin, slices: [ExampleBuild.slice()]))
        .bundle("Example.app/Frameworks/Kit.framework", kind: .framework, id: "com.example.kit", info: [
            ("CFBundleExecutable", .string("Kit")), ("CFBundleSupportedPlatforms", .array(platforms.map { .string($0) })),
        ])
        .binary("Example.app/Frameworks/Kit.framework/Kit", MachOFile(container: .thin, slices: [ExampleBuild.slice()]))
    }

    public static let description = RuleDescription(
        id: .simulatorPlatform, name: "A simulator named in CFBundleSupportedPlatforms of a device build",
        defaultSeverity: .error,
        rationale: "Xcode writes the SDK a bundle was built with into CFBundleSupportedPlatforms (iPhoneOS, or "
            + "iPhoneSimulator for the simulator). A bundle of a device build that names a simulator platform (a "
            + "framework or resource bundle copied from a simulator build, or a universal framework whose build "
            + "script kept the simulator's Info.plist beside the merged binary) is refused by App Store Connect: "
            + "'Invalid CFBundleSupportedPlatforms value. The CFBundleSupportedPlatforms key in the Info.plist file in "
            + "… bundle contains an invalid value, 'iPhoneSimulator'' (ITMS-90542). A build is a device build when its "
            + "app's executable has a device slice, or, recorded without Mach-O facts, when the app's own "
            + "CFBundleSupportedPlatforms names a device platform and no simulator. Simulator builds, macOS apps and "
            + "builds for Developer ID, ad hoc or enterprise distribution (never uploaded) are not judged.",
        appStoreCodes: ["ITMS-90542"],
        triggeringExamples: [
            RuleExample("a framework whose Info.plist came from a simulator build", old: nil,
                        new: app(framework: ["iPhoneSimulator"]), expectedCount: 1),
            RuleExample("a framework listing both SDKs", old: nil,
                        new: app(framework: ["iPhoneOS", "iPhoneSimulator"]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("a framework built for devices", old: nil, new: app(framework: ["iPhoneOS"])),
            RuleExample("an enterprise build (never uploaded)", old: nil, new: app(framework: ["iPhoneSimulator"]),
                        configuration: RuleConfiguration(distribution: .enterprise)),
            RuleExample("a simulator build", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", info: [
                    ("CFBundleExecutable", .string("Example")), ("CFBundleSupportedPlatforms", .array([.string("iPhoneSimulator")])),
                ])
                .binary("Example.app/Example", MachOFile(container: .thin, slices: [ExampleBuild.slice(platform: .iOSSimulator)]))),
        ])

    public func findings(in build: CheckContext) -> [Finding] {
        guard build.mayBeUploaded else { return [] }
        var out: [Finding] = []
        for app in build.bundles
        where app.parentPath == nil && app.kind == .app && build.isMobile(app) && build.isDeviceBuild(app) {
            for bundle in build.bundles where bundle.path.isWithin(app.path) && bundle.kind != .xcframework {
                guard let listed = build.info(of: bundle)?["CFBundleSupportedPlatforms"]?.arrayValue else { continue }
                let simulators = listed.compactMap(\.stringValue).filter { Self.simulatorNames.contains($0) }
                guard let first = simulators.first else { continue }
                let plist = bundle.infoPlistPath
                let shown = plist.relative(to: app.path)?.description ?? plist.description
                out.append(Finding(ruleID: .simulatorPlatform, severity: build.severity(of: .simulatorPlatform),
                                   bundle: build.name(of: bundle),
                                   message: "\(shown) lists CFBundleSupportedPlatforms '\(first)' in a device build: App "
                                       + "Store Connect refuses it (ITMS-90542); take the bundle, or its Info.plist, from "
                                       + "a device build",
                                   paths: [plist], subject: first))
            }
        }
        return out
    }
}

import BundleModel
import MachO
import PropertyLists

/// An iOS app built with the iOS 11 SDK or later whose Info.plist names no icon in an asset
/// catalog (`CFBundleIconName`).
public struct IconNameRule: CheckRule {
    public init() {}

    /// The first SDK with which App Store Connect asks for the key.
    static let firstSDK = VersionNumber("11")!

    static func app(sdk: Int, info: [(String, PlistValue)] = []) -> ExampleBuild {
        ExampleBuild().bundle("Example.app", id: "com.example.app", info: [
            ("CFBundleExecutable", .string("Example")), ("CFBundleSupportedPlatforms", .array([.string("iPhoneOS")])),
        ] + info)
        .binary("Example.app/Example", MachOFile(container: .thin, slices: [ExampleBuild.slice(sdk: .init(major: UInt16(sdk)))]))
    }

    public static let description = RuleDescription(
        id: .iconName, name: "iOS app without CFBundleIconName", defaultSeverity: .error,
        rationale: "Since the iOS 11 SDK an iOS app supplies its icons in an asset catalog and names the icon set in "
            + "Info.plist (CFBundleIconName, which Xcode writes from the target's app icon setting). App Store Connect "
            + "refuses an app built with that SDK or a later one without it: 'Missing Info.plist value. A value for the "
            + "Info.plist key 'CFBundleIconName' is missing in the bundle … Apps built with iOS 11 or later SDK must "
            + "supply app icons in an asset catalog and must also provide a value for this Info.plist key' "
            + "(ITMS-90713); a hand-written Info.plist (a cross-platform build tool's template) is the usual cause. The "
            + "name under CFBundleIcons › CFBundlePrimaryIcon counts too. Judged: the top-level iOS app of a device "
            + "build that may reach App Store Connect, by the SDK its executable was linked with (Mach-O facts) or, "
            + "without them, the one Xcode wrote into Info.plist (DTPlatformVersion). Not judged: extensions (their "
            + "icons are their app's), iMessage and sticker apps (LSApplicationLaunchProhibited), the iOS stub of a "
            + "watch-only app (ITSWatchOnlyContainer), tvOS, watchOS and visionOS apps, and builds whose SDK is not known.",
        appStoreCodes: ["ITMS-90713"],
        triggeringExamples: [
            RuleExample("an app built with the iOS 17 SDK, icons by file only", old: nil, new: app(sdk: 17, info: [
                ("CFBundleIconFiles", .array([.string("Icon.png")])),
            ]).file("Example.app/Icon.png", "png"), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("Xcode's output", old: nil, new: app(sdk: 17, info: [("CFBundleIconName", .string("AppIcon"))])),
            RuleExample("the name under CFBundlePrimaryIcon", old: nil, new: app(sdk: 17, info: [
                ("CFBundleIcons", .dictionary(PlistDictionary([("CFBundlePrimaryIcon", .dictionary(PlistDictionary([
                    ("CFBundleIconName", .string("AppIcon")),
                ])))]))),
            ])),
            RuleExample("an app built with the iOS 10 SDK", old: nil, new: app(sdk: 10)),
            RuleExample("an enterprise build (never uploaded)", old: nil, new: app(sdk: 17),
                        configuration: RuleConfiguration(distribution: .enterprise)),
            RuleExample("a sticker app", old: nil, new: app(sdk: 17, info: [("LSApplicationLaunchProhibited", .boolean(true))])),
        ])

    public func findings(in build: CheckContext) -> [Finding] {
        var out: [Finding] = []
        for (app, info) in build.uploadableIOSApps() {
            guard !Self.namesIcon(info), let sdk = sdk(of: app, info: info, in: build), sdk >= Self.firstSDK else { continue }
            out.append(Finding(ruleID: .iconName, severity: build.severity(of: .iconName), bundle: build.name(of: app),
                               message: "Info.plist has no CFBundleIconName, and the app was built with the iOS "
                                   + "\(sdk) SDK: App Store Connect refuses it (ITMS-90713); add the app icon to an "
                                   + "asset catalog and set it as the target's app icon",
                               paths: [app.infoPlistPath], subject: "CFBundleIconName"))
        }
        return out
    }

    /// Whether Info.plist names an icon set: at the top, or as the primary icon's name.
    static func namesIcon(_ info: PlistDictionary) -> Bool {
        func named(_ value: PlistValue?) -> Bool { value?.stringValue.map { !$0.isEmpty } ?? false }
        return named(info["CFBundleIconName"])
            || named(info["CFBundleIcons"]?.dictionaryValue?["CFBundlePrimaryIcon"]?.dictionaryValue?["CFBundleIconName"])
    }

    /// The iOS SDK of an app of a device build: the executable's (its iOS slices'), else the
    /// one Xcode wrote into Info.plist; nil when unknown.
    private func sdk(of app: BundleInfo, info: PlistDictionary, in build: CheckContext) -> VersionNumber? {
        if let main = build.executableFacts(of: app)?.file {
            let sdks = main.slices.flatMap(\.buildVersions).filter { $0.platform == .iOS && $0.sdk.major > 0 }.map(\.sdk)
            return sdks.min().flatMap { VersionNumber($0.description) }
        }
        guard info["DTPlatformName"]?.stringValue == "iphoneos", let text = info["DTPlatformVersion"]?.stringValue else {
            return nil
        }
        return VersionNumber(text)
    }
}

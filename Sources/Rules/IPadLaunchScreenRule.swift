import BundleModel
import PropertyLists

/// An iOS app that runs on iPad with multitasking but has no launch screen App Store Connect
/// accepts: no launch storyboard named, or the one named is not in the app.
public struct IPadLaunchScreenRule: CheckRule {
    public init() {}

    static func app(_ info: [(String, PlistValue)], files: [String] = []) -> ExampleBuild {
        var build = IPadOrientationsRule.app([
            ("UIDeviceFamily", IPadOrientationsRule.iPhoneAndIPad),
            ("UISupportedInterfaceOrientations", IPadOrientationsRule.orientations(["Portrait", "PortraitUpsideDown", "LandscapeLeft", "LandscapeRight"])),
        ] + info)
        for file in files { build = build.file("Example.app/" + file, "compiled") }
        return build
    }

    public static let description = RuleDescription(
        id: .iPadLaunchScreen, name: "iPad app without a launch screen", defaultSeverity: .error,
        rationale: "An app that runs on iPad with multitasking (UIDeviceFamily holds 2, no UIRequiresFullScreen) must "
            + "have a launch screen the system can draw at any size: a launch storyboard or XIB named by "
            + "UILaunchStoryboardName, or from iOS 14 a UILaunchScreen dictionary. App Store Connect refuses it "
            + "otherwise: 'Invalid bundle. Because your app supports Multitasking on iPad, you need to include the … "
            + "launch storyboard file in your … bundle. Use UILaunchScreen instead if the app's MinimumOSVersion is 14 "
            + "or higher' (ITMS-90475; older uploads: 'iPad Multitasking support requires launch story board'); "
            + "launch images alone, or a storyboard named but not copied into the app, are the usual causes. A named "
            + "launch screen is looked for as compiled by Xcode (Name.storyboardc or Name.nib) at the app's top and in "
            + "its .lproj folders; UILaunchStoryboardName~ipad stands for the iPad. Judged as info-plist.ipad-orientations "
            + "judges; not judged: a name with a path or an extension, apps with UILaunchStoryboards, and a "
            + "UILaunchScreen whatever the app's MinimumOSVersion (below 14 App Store Connect may still ask for a "
            + "storyboard; that is not established).",
        appStoreCodes: ["ITMS-90475"],
        triggeringExamples: [
            RuleExample("launch images only", old: nil, new: app([
                ("UILaunchImages", .array([])),
            ]), expectedCount: 1),
            RuleExample("the named storyboard is not in the app", old: nil, new: app([
                ("UILaunchStoryboardName", .string("LaunchScreen")),
            ], files: ["Base.lproj/Main.storyboardc/Info.plist"]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("Xcode's template: Base.lproj/LaunchScreen.storyboardc", old: nil, new: app([
                ("UILaunchStoryboardName", .string("LaunchScreen")),
            ], files: ["Base.lproj/LaunchScreen.storyboardc/Info.plist"])),
            RuleExample("a launch XIB at the top", old: nil, new: app([
                ("UILaunchStoryboardName", .string("LaunchScreen")),
            ], files: ["LaunchScreen.nib"])),
            RuleExample("UILaunchScreen (iOS 14)", old: nil, new: app([
                ("UILaunchScreen", .dictionary(PlistDictionary([]))),
            ])),
            RuleExample("full screen on iPad", old: nil, new: app([("UIRequiresFullScreen", .boolean(true))])),
        ])

    public func findings(in build: CheckContext) -> [Finding] {
        var out: [Finding] = []
        for (app, info) in IPadOrientationsRule.multitaskingApps(in: build) {
            let key = info["UILaunchStoryboardName~ipad"] != nil ? "UILaunchStoryboardName~ipad" : "UILaunchStoryboardName"
            let message: String
            if let name = info[key]?.stringValue, !name.isEmpty {
                guard !name.contains("/"), !name.contains("."), !Self.holdsLaunchScreen(name, app, build) else { continue }
                message = "Info.plist names the launch storyboard '\(name)' (\(key)), and the app holds no \(name).storyboardc "
                    + "or \(name).nib: App Store Connect refuses an iPad app with multitasking without its launch screen "
                    + "(ITMS-90475); add the storyboard to the app target"
            } else {
                guard (info["UILaunchScreen~ipad"] ?? info["UILaunchScreen"]) == nil, info["UILaunchStoryboards"] == nil else {
                    continue
                }
                message = "the app runs on iPad with multitasking (UIDeviceFamily holds 2, no UIRequiresFullScreen) and "
                    + "names no launch screen (UILaunchStoryboardName, or UILaunchScreen from iOS 14): App Store Connect "
                    + "refuses it (ITMS-90475); add a launch storyboard, or set UIRequiresFullScreen"
            }
            out.append(Finding(ruleID: .iPadLaunchScreen, severity: build.severity(of: .iPadLaunchScreen),
                               bundle: build.name(of: app), message: message, paths: [app.infoPlistPath], subject: key))
        }
        return out
    }

    /// Whether `app` holds the launch screen `name` as Xcode compiles it (a storyboard's
    /// `.storyboardc` folder or a XIB's `.nib`) at its top or in a localization folder. A
    /// folder counts by what lies below it too (an `.ipa` need not list its folders).
    static func holdsLaunchScreen(_ name: String, _ app: BundleInfo, _ build: CheckContext) -> Bool {
        let folders = [app.resourcesPath] + build.index.localizationFolders(of: app)
        return folders.contains { folder in
            ["storyboardc", "nib"].contains { suffix in
                let path = folder.appending(name + "." + suffix)
                return build.entry(at: path) != nil || build.index.fileCount(below: path) > 0
            }
        }
    }
}

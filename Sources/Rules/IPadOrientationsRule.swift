import BundleModel
import PropertyLists

/// An iOS app that runs on iPad with multitasking (no `UIRequiresFullScreen`) but does not
/// list all four interface orientations for iPad.
public struct IPadOrientationsRule: CheckRule {
    public init() {}

    /// The orientations iPad multitasking needs, in App Store Connect's order.
    static let required = ["UIInterfaceOrientationPortrait", "UIInterfaceOrientationPortraitUpsideDown",
                           "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight"]

    static func app(_ info: [(String, PlistValue)]) -> ExampleBuild {
        ExampleBuild().bundle("Example.app", id: "com.example.app", info: [
            ("CFBundleExecutable", .string("Example")), ("CFBundleSupportedPlatforms", .array([.string("iPhoneOS")])),
            ("DTPlatformName", .string("iphoneos")),
        ] + info).file("Example.app/Example", "binary")
    }

    static func orientations(_ names: [String]) -> PlistValue { .array(names.map { .string("UIInterfaceOrientation" + $0) }) }
    static let iPhoneAndIPad: PlistValue = .array([.integer(PlistInteger(1)), .integer(PlistInteger(2))])

    public static let description = RuleDescription(
        id: .iPadOrientations, name: "iPad app without all four orientations", defaultSeverity: .error,
        rationale: "An app that runs on iPad (UIDeviceFamily holds 2) takes part in iPad multitasking unless its "
            + "Info.plist sets UIRequiresFullScreen, and then it must support every orientation. App Store Connect "
            + "refuses it otherwise: 'Invalid bundle. The … orientations were provided for the "
            + "UISupportedInterfaceOrientations Info.plist key … but you need to include all of the "
            + "UIInterfaceOrientationPortrait, UIInterfaceOrientationPortraitUpsideDown, "
            + "UIInterfaceOrientationLandscapeLeft, UIInterfaceOrientationLandscapeRight orientations to support iPad "
            + "multitasking' (ITMS-90474); a portrait-only or landscape-only app built for iPad is the usual cause. The "
            + "iPad's list is UISupportedInterfaceOrientations~ipad when there is one, else "
            + "UISupportedInterfaceOrientations, and UIRequiresFullScreen~ipad stands for the iPad likewise. Judged: "
            + "the top-level iOS app of a device build that may reach App Store Connect, when its iPad list exists. Not "
            + "judged: iPhone-only apps, extensions, iMessage and sticker apps (LSApplicationLaunchProhibited), the iOS "
            + "stub of a watch-only app, and apps that name no orientation (the system then allows all four).",
        appStoreCodes: ["ITMS-90474"],
        triggeringExamples: [
            RuleExample("a portrait-only app for iPhone and iPad", old: nil, new: app([
                ("UIDeviceFamily", iPhoneAndIPad),
                ("UISupportedInterfaceOrientations", orientations(["Portrait", "PortraitUpsideDown"])),
            ]), expectedCount: 1),
            RuleExample("the iPad's own list lacks landscape", old: nil, new: app([
                ("UIDeviceFamily", iPhoneAndIPad),
                ("UISupportedInterfaceOrientations", orientations(["Portrait", "PortraitUpsideDown", "LandscapeLeft", "LandscapeRight"])),
                ("UISupportedInterfaceOrientations~ipad", orientations(["Portrait", "PortraitUpsideDown"])),
            ]), expectedCount: 1),
            RuleExample("full screen asked for the iPhone only (UIRequiresFullScreen~ipad off)", old: nil, new: app([
                ("UIDeviceFamily", .array([.string("1"), .string("2")])), ("UIRequiresFullScreen", .boolean(true)),
                ("UIRequiresFullScreen~ipad", .boolean(false)),
                ("UISupportedInterfaceOrientations", orientations(["Portrait"])),
            ]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("Xcode's template: portrait on iPhone, all four on iPad", old: nil, new: app([
                ("UIDeviceFamily", iPhoneAndIPad),
                ("UISupportedInterfaceOrientations", orientations(["Portrait"])),
                ("UISupportedInterfaceOrientations~ipad", orientations(["Portrait", "PortraitUpsideDown", "LandscapeLeft", "LandscapeRight"])),
            ])),
            RuleExample("full screen on iPad", old: nil, new: app([
                ("UIDeviceFamily", iPhoneAndIPad), ("UIRequiresFullScreen", .boolean(true)),
                ("UISupportedInterfaceOrientations", orientations(["LandscapeLeft", "LandscapeRight"])),
            ])),
            RuleExample("iPhone only", old: nil, new: app([
                ("UIDeviceFamily", .array([.integer(PlistInteger(1))])),
                ("UISupportedInterfaceOrientations", orientations(["Portrait"])),
            ])),
            RuleExample("no orientation named", old: nil, new: app([("UIDeviceFamily", iPhoneAndIPad)])),
            RuleExample("a simulator build", old: nil, new: ExampleBuild().bundle("Example.app", id: "com.example.app", info: [
                ("CFBundleExecutable", .string("Example")), ("CFBundleSupportedPlatforms", .array([.string("iPhoneSimulator")])),
                ("DTPlatformName", .string("iphonesimulator")), ("UIDeviceFamily", iPhoneAndIPad),
                ("UISupportedInterfaceOrientations", orientations(["Portrait"])),
            ]).file("Example.app/Example", "binary")),
            RuleExample("an enterprise build (never uploaded)", old: nil, new: app([
                ("UIDeviceFamily", iPhoneAndIPad), ("UISupportedInterfaceOrientations", orientations(["Portrait"])),
            ]), configuration: RuleConfiguration(distribution: .enterprise)),
        ])

    public func findings(in build: CheckContext) -> [Finding] {
        var out: [Finding] = []
        for (app, info) in Self.multitaskingApps(in: build) {
            guard let (key, listed) = Self.iPadOrientations(info) else { continue }
            let missing = Self.required.filter { !listed.contains($0) }
            guard !missing.isEmpty else { continue }
            let found = listed.isEmpty ? "none" : listed.map(Self.short).joined(separator: ", ")
            let lacking = missing.map(Self.short).joined(separator: ", ")
            let message = "the app runs on iPad with multitasking (UIDeviceFamily holds 2, no UIRequiresFullScreen) and "
                + "\(key) lists \(found), without \(lacking): App Store Connect refuses it (ITMS-90474); support all four "
                + "orientations on iPad, or set UIRequiresFullScreen if the app must fill the screen"
            out.append(Finding(ruleID: .iPadOrientations, severity: build.severity(of: .iPadOrientations), bundle: build.name(of: app),
                               message: message,
                               paths: [app.infoPlistPath], subject: key))
        }
        return out
    }

    /// The apps App Store Connect judges an app's own keys in (`CheckContext.uploadableIOSApps`)
    /// that run on iPad with multitasking: UIDeviceFamily holds 2, and no UIRequiresFullScreen
    /// for the iPad. What ITMS-90474 and -90475 are about.
    static func multitaskingApps(in build: CheckContext) -> [(app: BundleInfo, info: PlistDictionary)] {
        build.uploadableIOSApps().filter { _, info in
            runsOnIPad(info) && (info["UIRequiresFullScreen~ipad"] ?? info["UIRequiresFullScreen"])?.isTrueFlag != true
        }
    }

    /// An orientation's name without its `UIInterfaceOrientation` prefix.
    static func short(_ name: String) -> String {
        let prefix = "UIInterfaceOrientation"
        return name.hasPrefix(prefix) && name.count > prefix.count ? String(name.dropFirst(prefix.count)) : name
    }

    /// Whether UIDeviceFamily names the iPad (2), as a number or a numeric string.
    static func runsOnIPad(_ info: PlistDictionary) -> Bool {
        func isIPad(_ value: PlistValue) -> Bool {
            switch value {
            case .integer(let i): return !i.isNegative && i.high == 0 && i.low == 2
            case .string(let s): return s == "2"
            default: return false
            }
        }
        guard let family = info["UIDeviceFamily"] else { return false }
        return family.arrayValue?.contains(where: isIPad) ?? isIPad(family)
    }

    /// The iPad's orientation key and the names it lists (strings only); nil when there is
    /// no list, or the value is not an array.
    static func iPadOrientations(_ info: PlistDictionary) -> (String, [String])? {
        for key in ["UISupportedInterfaceOrientations~ipad", "UISupportedInterfaceOrientations"] {
            guard let value = info[key] else { continue }
            guard let array = value.arrayValue else { return nil }
            return (key, array.compactMap(\.stringValue))
        }
        return nil
    }
}

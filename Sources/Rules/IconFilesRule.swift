import BundleModel
import PropertyLists

/// An icon named in an iOS-family Info.plist (`CFBundleIconFiles`, `CFBundleIcons`,
/// `CFBundleAlternateIcons`) with no matching image in the bundle.
public struct IconFilesRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .iconFiles, name: "Icon named in Info.plist without its image", defaultSeverity: .error,
        rationale: "An iOS, tvOS, watchOS or visionOS app names its icons by file in Info.plist: "
            + "CFBundleIconFiles, and the CFBundleIconFiles arrays of CFBundleIcons (and CFBundleIcons~ipad) under "
            + "CFBundlePrimaryIcon and each CFBundleAlternateIcons entry. Icons must sit at the bundle's top level "
            + "(bundle-rules.md §3). An entry is a file name or a base name the system completes: 'AppIcon60x60' is "
            + "found as AppIcon60x60.png, AppIcon60x60@2x.png or AppIcon60x60@2x~ipad.png. When no file answers "
            + "an entry, App Store Connect refuses the upload: 'Invalid Image Path - No image found at the path "
            + "referenced under key …' (ITMS-90032). Compiled asset catalogs (Assets.car, CFBundleIconName) are not "
            + "judged: their content is not read; nor are app extensions, whose icons come from their app. "
            + "Names are matched without regard to case, and a copy in an "
            + ".lproj folder counts as found.",
        appStoreCodes: ["ITMS-90032"],
        triggeringExamples: [
            RuleExample("CFBundleIconFiles names a missing file", old: nil, new: app(["CFBundleIconFiles": ["Icon.png"]]),
                        expectedCount: 1),
            RuleExample("primary icon base name without any size", old: nil, new: app(primary: ["AppIcon60x60"])
                .file("Example.app/AppIcon76x76@2x~ipad.png", "png"), expectedCount: 1),
            RuleExample("alternate icon missing", old: nil, new: app(primary: ["AppIcon60x60"], alternate: ["Dark"])
                .file("Example.app/AppIcon60x60@2x.png", "png"), expectedCount: 1),
            RuleExample("icon in a subfolder named by path, folder absent", old: nil,
                        new: app(["CFBundleIconFiles": ["res/icon/ios/icon-40.png"]]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("Xcode's asset catalog output", old: nil, new: app(primary: ["AppIcon60x60"], alternate: ["Dark"])
                .file("Example.app/AppIcon60x60@2x.png", "png").file("Example.app/AppIcon60x60@3x.png", "png")
                .file("Example.app/Dark@2x.png", "png")),
            RuleExample("file names with extension and iPad variants", old: nil,
                        new: app(["CFBundleIconFiles": ["Icon.png", "Icon-72"]])
                .file("Example.app/Icon.png", "png").file("Example.app/icon-72@2x~ipad.png", "png")),
            RuleExample("icon named by a path that exists", old: nil,
                        new: app(["CFBundleIconFiles": ["Icons/Icon-40.png"]]).file("Example.app/Icons/Icon-40.png", "png")),
            RuleExample("macOS app (CFBundleIconFile, .icns)", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", layout: .contents,
                        info: [("CFBundleIconFiles", .array([.string("Missing")]))])),
        ])

    static func app(_ plain: [String: [String]] = [:], primary: [String]? = nil, alternate: [String] = []) -> ExampleBuild {
        var info: [(String, PlistValue)] = plain.map { ($0.key, .array($0.value.map(PlistValue.string))) }
        if let primary {
            var icons = PlistDictionary()
            icons["CFBundlePrimaryIcon"] = .dictionary(PlistDictionary([("CFBundleIconFiles", .array(primary.map(PlistValue.string)))]))
            if !alternate.isEmpty {
                icons["CFBundleAlternateIcons"] = .dictionary(PlistDictionary(alternate.map {
                    ($0, PlistValue.dictionary(PlistDictionary([("CFBundleIconFiles", .array([.string($0)]))])))
                }))
            }
            info.append(("CFBundleIcons", .dictionary(icons)))
        }
        return ExampleBuild().bundle("Example.app", id: "com.example.app", info: info)
    }

    public func findings(in build: CheckContext) -> [Finding] {
        var out: [Finding] = []
        for b in build.bundles where b.kind == .app && build.isMobile(b) {
            guard let info = build.info(of: b) else { continue }
            var reported = Set<String>()
            let match = IconNameMatch(build: build, bundle: b, entries: Self.iconNames(info).map(\.1))
            for (key, name) in Self.iconNames(info) where reported.insert(name).inserted {
                guard !match.exists(name) else { continue }
                out.append(Finding(
                    ruleID: .iconFiles, severity: build.severity(of: .iconFiles), bundle: build.name(of: b),
                    message: "Info.plist names the icon '\(name)' under \(key), and no image in the bundle answers it; "
                        + "App Store Connect refuses the upload (ITMS-90032)",
                    paths: [b.infoPlistPath], subject: name))
            }
        }
        return out
    }

    /// Every icon entry of `info`, with the key App Store Connect names for it.
    static func iconNames(_ info: PlistDictionary) -> [(String, String)] {
        var out: [(String, String)] = []
        func files(_ value: PlistValue?) -> [String] { value?.arrayValue?.compactMap(\.stringValue) ?? [] }
        out += files(info["CFBundleIconFiles"]).map { ("CFBundleIconFiles", $0) }
        for iconsKey in ["CFBundleIcons", "CFBundleIcons~ipad"] {
            guard let icons = info[iconsKey]?.dictionaryValue else { continue }
            out += files(icons["CFBundlePrimaryIcon"]?.dictionaryValue?["CFBundleIconFiles"]).map { (iconsKey, $0) }
            for entry in icons["CFBundleAlternateIcons"]?.dictionaryValue?.entries ?? [] {
                out += files(entry.value.dictionaryValue?["CFBundleIconFiles"]).map { ("CFBundleAlternateIcons", $0) }
            }
        }
        return out.filter { !$0.1.isEmpty }
    }
}

import BundleModel
import PropertyLists

/// A launch image or icon of an iOS-family app present in `.lproj` folders with no
/// default (non-localized) copy at the app's top level.
public struct LocalizedImageDefaultRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .localizedImageDefault, name: "Localized launch image or icon without a default", defaultSeverity: .warning,
        rationale: "Icons and launch images of an iOS app sit at its top level; a localized launch image may also "
            + "live in an .lproj folder, but a resource that is localized must then also have its default "
            + "(non-localized) version at the top level (bundle-rules.md §3): a language without its own copy "
            + "gets no image. Only launch images (Default*.png, the UILaunchImageFile and UILaunchImages names) "
            + "and the icons Info.plist names are judged: most localized resources (nibs, storyboards, strings, "
            + "images loaded by name) legitimately have no top-level copy. A copy in Base.lproj or in the "
            + "development region's folder counts as the default.",
        triggeringExamples: [
            RuleExample("launch image only in two languages", old: nil, new: app()
                .file("Example.app/en.lproj/Default@2x.png", "en").file("Example.app/fr.lproj/Default@2x.png", "fr"),
                        expectedCount: 1),
            RuleExample("named launch image localized only", old: nil, new: app([("UILaunchImageFile", .string("Launch"))])
                .file("Example.app/de.lproj/Launch-568h@2x.png", "de"), expectedCount: 1),
            RuleExample("icon localized only", old: nil, new: app([("CFBundleIconFiles", .array([.string("Icon")]))])
                .file("Example.app/ja.lproj/Icon@2x.png", "ja"), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("launch image with a default at the top", old: nil, new: app()
                .file("Example.app/Default@2x.png", "d").file("Example.app/fr.lproj/Default@2x.png", "fr")),
            RuleExample("default in Base.lproj", old: nil, new: app()
                .file("Example.app/Base.lproj/Default@2x.png", "d").file("Example.app/fr.lproj/Default@2x.png", "fr")),
            RuleExample("ordinary localized images and nibs", old: nil, new: app()
                .file("Example.app/en.lproj/bird.png", "en").file("Example.app/fr.lproj/bird.png", "fr")
                .file("Example.app/fr.lproj/Main.nib", "n")),
            RuleExample("macOS app", old: nil, new: ExampleBuild().bundle("Example.app", id: "com.example.app", layout: .contents)
                .file("Example.app/Contents/Resources/fr.lproj/Default.png", "fr")),
        ])

    static func app(_ info: [(String, PlistValue)] = []) -> ExampleBuild {
        ExampleBuild().bundle("Example.app", id: "com.example.app", info: info)
    }

    public func findings(in build: CheckContext) -> [Finding] {
        var out: [Finding] = []
        for b in build.bundles where b.kind == .app && build.isMobile(b) {
            let info = build.info(of: b) ?? PlistDictionary()
            let launch = Self.launchBases(info)
            let icons = Set(IconFilesRule.iconNames(info).map { IconNameMatch.base($0.1) })
            var defaults = Set<String>()
            var localized: [String: [BundlePath]] = [:]  // by base name
            let development = info["CFBundleDevelopmentRegion"]?.stringValue.map { $0 + ".lproj" }
            for e in build.index.files(of: b, mayBeNamed: [".png"]) {
                let lower = e.path.nameString.lowercased()
                guard lower.hasSuffix(".png") else { continue }
                let base = IconNameMatch.base(lower)
                if e.path.parent == b.path {
                    defaults.insert(base)
                    continue
                }
                let folder = e.path.parent.nameString
                guard e.path.parent.parent == b.path, folder.hasSuffix(".lproj") else { continue }
                if folder == "Base.lproj" || folder == development {
                    defaults.insert(base)
                    continue
                }
                guard icons.contains(base) || launch.contains(where: { base == $0 || base.hasPrefix($0 + "-") }) else { continue }
                localized[base, default: []].append(e.path)
            }
            for (base, paths) in localized.sorted(by: { $0.key < $1.key }) where !defaults.contains(base) {
                let languages = Set(paths.map { $0.parent.nameString }).sorted()
                let name = paths.map(\.nameString).min() ?? base
                out.append(Finding(
                    ruleID: .localizedImageDefault, severity: build.severity(of: .localizedImageDefault),
                    bundle: build.name(of: b),
                    message: "'\(BundlePath(name).description)' is localized (\(languages.map { BundlePath($0).description }.joined(separator: ", "))) "
                        + "with no default copy (any scale) at the top of the app: other languages get no image",
                    paths: paths.sorted(), subject: name))
            }
        }
        return out
    }

    /// Launch image base names, lowercased: `Default`, `UILaunchImageFile`'s and each
    /// `UILaunchImages` entry's `UILaunchImageName`.
    static func launchBases(_ info: PlistDictionary) -> Set<String> {
        var out: Set<String> = ["default"]
        for key in ["UILaunchImageFile", "UILaunchImageFile~ipad", "UILaunchImageFile~iphone"] {
            if let s = info[key]?.stringValue, !s.isEmpty { out.insert(IconNameMatch.base(s)) }
        }
        for key in ["UILaunchImages", "UILaunchImages~ipad", "UILaunchImages~iphone"] {
            for item in info[key]?.arrayValue ?? [] {
                if let s = item.dictionaryValue?["UILaunchImageName"]?.stringValue, !s.isEmpty {
                    out.insert(IconNameMatch.base(s))
                }
            }
        }
        return out
    }
}

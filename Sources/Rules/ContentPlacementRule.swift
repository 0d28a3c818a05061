import BundleModel
import PropertyLists

/// Content outside the folder its platform reads it from: app extensions, XPC services,
/// plug-ins, App Clips, watch apps, macOS helper apps and `Library/` items, provisioning
/// profiles and privacy manifests (bundle-rules.md §2–§4, §6).
public struct ContentPlacementRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .contentPlacement, name: "Content outside the place its platform reads it from", defaultSeverity: .error,
        rationale: "Xcode's placement table (bundle-rules.md §6) names one folder per content type, and the system "
            + "looks nowhere else: app extensions in PlugIns/ (or Extensions/ for ExtensionKit), XPC services in "
            + "XPCServices/, App Clips in an iOS app's AppClips/, watch apps in Watch/, system extensions and "
            + "DriverKit drivers in Contents/Library/SystemExtensions/, the provisioning profile as embedded.mobileprovision at an iOS bundle's top or "
            + "Contents/embedded.provisionprofile on macOS. Content elsewhere is never loaded, launched or read: "
            + "an error. Warnings, where the content still works but Apple's documents place it elsewhere: a "
            + "macOS helper app outside Contents/MacOS, Contents/Helpers and Contents/Library/, a plug-in outside "
            + "PlugIns/, a Spotlight importer, Quick Look generator or Automator action outside "
            + "Contents/Library/<kind>/ (the system registers it only from there; an app may install it itself), "
            + "and a privacy manifest (PrivacyInfo.xcprivacy) outside the bundle's resources folder "
            + "(the top of an iOS bundle, Contents/Resources/, Versions/<v>/Resources/), where Apple does not read "
            + "it for the privacy report. A resource bundle's own manifest belongs to that bundle and is not judged "
            + "against its container.",
        triggeringExamples: [
            RuleExample("extension at the top of the app", old: nil, new: iosApp()
                .bundle("Example.app/Share.appex", kind: .appex, id: "com.example.app.share"), expectedCount: 1),
            RuleExample("XPC service in a macOS app's Resources", old: nil, new: macApp()
                .bundle("Example.app/Contents/Resources/Fetch.xpc", kind: .xpc, id: "com.example.fetch",
                        layout: .contents), expectedCount: 1),
            RuleExample("App Clip outside AppClips/", old: nil, new: iosApp()
                .bundle("Example.app/PlugIns/Clip.app", id: "com.example.app.clip",
                        info: [("NSAppClip", .dictionary(PlistDictionary()))]), expectedCount: 1),
            RuleExample("watch app outside Watch/", old: nil, new: iosApp()
                .bundle("Example.app/Frameworks/W.app", id: "com.example.app.watchkitapp",
                        info: [("WKApplication", .boolean(true))]), expectedCount: 1),
            RuleExample("macOS helper app in Resources (warning)", old: nil, new: macApp()
                .bundle("Example.app/Contents/Resources/Helper.app", id: "com.example.helper", layout: .contents),
                        expectedCount: 1),
            RuleExample("system extension in Resources", old: nil, new: macApp()
                .bundle("Example.app/Contents/Resources/com.example.filter.systemextension", kind: .other,
                        id: "com.example.filter", layout: .contents), expectedCount: 1),
            RuleExample("Quick Look generator outside Library/QuickLook (warning)", old: nil, new: macApp()
                .bundle("Example.app/Contents/PlugIns/Preview.qlgenerator", kind: .other, id: "com.example.ql",
                        layout: .contents), expectedCount: 1),
            RuleExample("profile in a subfolder of an iOS app", old: nil, new: iosApp()
                .file("Example.app/Profiles/embedded.mobileprovision", "p"), expectedCount: 1),
            RuleExample("macOS profile in Resources", old: nil, new: macApp()
                .file("Example.app/Contents/Resources/embedded.provisionprofile", "p"), expectedCount: 1),
            RuleExample("iOS profile name in a macOS app", old: nil, new: macApp()
                .file("Example.app/Contents/embedded.mobileprovision", "p"), expectedCount: 1),
            RuleExample("privacy manifest in a subfolder (warning)", old: nil, new: iosApp()
                .file("Example.app/Config/PrivacyInfo.xcprivacy", "x"), expectedCount: 1),
            RuleExample("macOS privacy manifest outside Resources (warning)", old: nil, new: macApp()
                .file("Example.app/Contents/PrivacyInfo.xcprivacy", "x"), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("iOS app laid out by Xcode", old: nil, new: iosApp()
                .bundle("Example.app/PlugIns/Share.appex", kind: .appex, id: "com.example.app.share")
                .bundle("Example.app/AppClips/Clip.app", id: "com.example.app.clip",
                        info: [("NSAppClip", .dictionary(PlistDictionary()))])
                .bundle("Example.app/Watch/W.app", id: "com.example.app.watchkitapp",
                        info: [("WKApplication", .boolean(true))])
                .bundle("Example.app/Frameworks/Core.framework", kind: .framework, id: "com.example.core")
                .bundle("Example.app/Frameworks/Core.framework/XPCServices/Log.xpc", kind: .xpc, id: "com.example.log")
                .file("Example.app/embedded.mobileprovision", "p")
                .file("Example.app/PrivacyInfo.xcprivacy", "x")
                .file("Example.app/Frameworks/Core.framework/PrivacyInfo.xcprivacy", "x")
                .file("Example.app/SDK.bundle/PrivacyInfo.xcprivacy", "x")),
            RuleExample("macOS app laid out by Xcode", old: nil, new: macApp()
                .bundle("Example.app/Contents/PlugIns/Share.appex", kind: .appex, id: "com.example.share", layout: .contents)
                .bundle("Example.app/Contents/Extensions/Widget.appex", kind: .appex, id: "com.example.widget",
                        layout: .contents)
                .bundle("Example.app/Contents/XPCServices/Fetch.xpc", kind: .xpc, id: "com.example.fetch", layout: .contents)
                .bundle("Example.app/Contents/Library/LoginItems/Login.app", id: "com.example.login", layout: .contents)
                .bundle("Example.app/Contents/Helpers/Helper.app", id: "com.example.helper", layout: .contents)
                .bundle("Example.app/Contents/Library/QuickLook/Preview.qlgenerator", kind: .other, id: "com.example.ql",
                        layout: .contents)
                .file("Example.app/Contents/embedded.provisionprofile", "p")
                .file("Example.app/Contents/Resources/PrivacyInfo.xcprivacy", "x")),
            RuleExample("a system extension's own profile", old: nil, new: macApp()
                .file("Example.app/Contents/embedded.provisionprofile", "p")
                .file("Example.app/Contents/Library/SystemExtensions/com.example.filter.systemextension/Contents/"
                      + "embedded.provisionprofile", "p")),
            RuleExample("a helper app inside a framework is not judged", old: nil, new: macApp()
                .bundle("Example.app/Contents/Frameworks/Up.framework", kind: .framework, id: "com.example.up",
                        layout: .versionedFramework)
                .bundle("Example.app/Contents/Frameworks/Up.framework/Versions/A/Resources/Autoupdate.app",
                        id: "com.example.up.autoupdate", layout: .contents)),
        ])

    static func iosApp() -> ExampleBuild { ExampleBuild().bundle("Example.app", id: "com.example.app") }
    static func macApp() -> ExampleBuild {
        ExampleBuild().bundle("Example.app", id: "com.example.app", layout: .contents)
    }

    /// `Library/` items of a macOS bundle by directory extension: their folder, and the
    /// severity cap elsewhere (a system extension is activated only from its folder; the
    /// others are registered from theirs, and an app may install one elsewhere itself).
    static let libraryFolders: [String: (folder: String, cap: Severity)] = [
        "mdimporter": ("Spotlight", .warning), "qlgenerator": ("QuickLook", .warning), "action": ("Automator", .warning),
        "systemextension": ("SystemExtensions", .error), "dext": ("SystemExtensions", .error),
    ]

    public func findings(in build: CheckContext) -> [Finding] {
        var out: [Finding] = []
        for b in build.bundles {
            guard let owner = b.parentPath.flatMap(build.index.bundle(at:)), owner.kind != .xcframework,
                  let (folders, what, cap) = expectedFolders(of: b, in: owner, build) else { continue }
            let root = owner.contentRoot
            guard !folders.contains(where: { b.path.parent == root.appending($0) || b.path.parent.parent == root.appending($0) && $0 == "Library" })
            else { continue }
            let shown = folders.map { (root.appending($0).relative(to: owner.path)?.description ?? $0) + "/" }
            out.append(Finding(
                ruleID: .contentPlacement, severity: build.severity(of: .contentPlacement, atMost: cap),
                bundle: build.name(of: owner),
                message: "\(what) '\(BundlePath(bytes: b.path.name).description)' is at \(b.path.relative(to: owner.path)?.description ?? b.path.description), "
                    + "not in \(shown.joined(separator: " or "))"
                    + (cap == .error ? ": the system never loads it there" : ""),
                paths: [b.path], subject: b.path.relative(to: owner.path)?.description ?? b.path.description))
        }
        out += fileFindings(build)
        return out
    }

    /// The folders (below `owner`'s content root) where `b` belongs, what it is, and the
    /// severity cap; nil when the placement of `b` is not judged.
    private func expectedFolders(of b: BundleInfo, in owner: BundleInfo, _ build: CheckContext)
        -> ([String], String, Severity)? {
        let name = b.path.nameString
        let ext = name.split(separator: ".").last.map(String.init)?.lowercased() ?? ""
        switch b.kind {
        case .appex: return (["PlugIns", "Extensions"], "the app extension", .error)
        case .xpc: return (["XPCServices"], "the XPC service", .error)
        case .plugin: return (["PlugIns"], "the plug-in", .warning)
        case .app:
            guard owner.kind == .app else { return nil }
            if build.isMobile(owner) {
                let info = build.info(of: b)
                if info?["NSAppClip"] != nil { return (["AppClips"], "the App Clip", .error) }
                if info?["WKApplication"] != nil || info?["WKWatchKitApp"] != nil || b.platform == "watchOS" {
                    return (["Watch"], "the watch app", .error)
                }
                return nil
            }
            guard owner.layout == .contents else { return nil }
            return (["MacOS", "Helpers", "Library"], "the helper app", .warning)
        case .other:
            guard owner.layout == .contents, let item = Self.libraryFolders[ext] else { return nil }
            return (["Library/" + item.folder], "the \(ext) item", item.cap)
        default:
            return nil
        }
    }
}

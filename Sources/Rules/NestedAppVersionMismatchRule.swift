import BundleModel
import Comparison

/// Watch apps and App Clips carry exactly the containing app's versions.
public struct NestedAppVersionMismatchRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .nestedAppVersionMismatch, name: "Watch app or App Clip version differs from the app",
        defaultSeverity: .error,
        rationale: "App Store Connect rejects an upload whose embedded watch app (`Watch/`) or App Clip "
            + "(`AppClips/`) has a CFBundleVersion or CFBundleShortVersionString other than the app's.",
        triggeringExamples: [
            RuleExample("App Clip build 4, app 5", old: nil,
                        new: NestedVersionCheck.example(kind: .app, folder: "AppClips/Clip.app", version: "4")),
            RuleExample("watch app build 6, app 5", old: nil,
                        new: NestedVersionCheck.example(kind: .app, folder: "Watch/Watch.app", version: "6")),
        ],
        nonTriggeringExamples: [
            RuleExample("watch app matches", old: nil,
                        new: NestedVersionCheck.example(kind: .app, folder: "Watch/Watch.app", version: "5")),
            RuleExample("a macOS login item keeps its own versions", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", version: "5", shortVersion: "1.1", layout: .contents)
                .bundle("Example.app/Contents/Library/LoginItems/Launcher.app", id: "com.example.launcher",
                        version: "4", shortVersion: "1.0", layout: .contents)),
            RuleExample("Sparkle's Updater.app keeps Sparkle's versions", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", version: "5", shortVersion: "1.1", layout: .contents)
                .bundle("Example.app/Contents/Frameworks/Sparkle.framework", kind: .framework,
                        id: "org.sparkle-project.Sparkle", version: "2037", shortVersion: "2.6.4")
                .bundle("Example.app/Contents/Frameworks/Sparkle.framework/Versions/B/Updater.app",
                        id: "org.sparkle-project.Sparkle.Updater", version: "2037", shortVersion: "2.6.4",
                        layout: .contents)),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        NestedVersionCheck.findings(context, rule: .nestedAppVersionMismatch,
                                    includes: { nested, app in nested.kind == .app && Self.isWatchAppOrAppClip(nested.path, in: app.path) },
                                    consequence: "App Store Connect rejects the upload")
    }

    /// Whether `path` is a watch app (`Watch/`) or an App Clip (`AppClips/`) right inside the
    /// app at `app`: the only nested apps App Store Connect holds to the app's versions. A
    /// macOS app's helper apps and login items, and the apps frameworks carry (Sparkle's
    /// `Updater.app`), keep their own.
    static func isWatchAppOrAppClip(_ path: BundlePath, in app: BundlePath) -> Bool {
        let folder = path.parent
        return folder.parent == app && (folder.nameIs("Watch") || folder.nameIs("AppClips"))
    }
}

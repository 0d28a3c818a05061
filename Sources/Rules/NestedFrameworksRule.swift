import BundleModel
import PropertyLists

/// Frameworks (or other code bundles) inside an app extension or a framework of an iOS-family app.
public struct NestedFrameworksRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .nestedFrameworks, name: "Frameworks inside an app extension or a framework", defaultSeverity: .error,
        rationale: "iOS and tvOS load frameworks only from the top-level app's Frameworks/ (bundle-rules.md §6): "
            + "an app extension or a framework may not embed frameworks, nor hold a Frameworks folder. App Store "
            + "Connect refuses 'The bundle at … contains disallowed nested bundles' (ITMS-90205) and 'contains "
            + "disallowed file Frameworks' (ITMS-90206). Resource bundles inside a framework are allowed; watch "
            + "apps and App Clips are apps and keep their own Frameworks/, and a WatchKit extension (the code of a "
            + "watch app of two targets, NSExtensionPointIdentifier com.apple.watchkit) holds the watch app's "
            + "frameworks in its own Frameworks/, where Apple places them.",
        appStoreCodes: ["ITMS-90205", "ITMS-90206"],
        triggeringExamples: [
            RuleExample("framework in a share extension", old: nil, new: app()
                .bundle("Example.app/PlugIns/Share.appex", kind: .appex, id: "com.example.app.share")
                .bundle("Example.app/PlugIns/Share.appex/Frameworks/Core.framework", kind: .framework, id: "com.example.core"),
                        expectedCount: 2),
            RuleExample("framework inside a framework", old: nil, new: app()
                .bundle("Example.app/Frameworks/A.framework", kind: .framework, id: "com.example.a")
                .bundle("Example.app/Frameworks/A.framework/Frameworks/B.framework", kind: .framework, id: "com.example.b"),
                        expectedCount: 2),
        ],
        nonTriggeringExamples: [
            RuleExample("frameworks at the top level", old: nil, new: app()
                .bundle("Example.app/Frameworks/Core.framework", kind: .framework, id: "com.example.core")
                .bundle("Example.app/PlugIns/Share.appex", kind: .appex, id: "com.example.app.share")),
            RuleExample("resource bundle in a framework", old: nil, new: app()
                .bundle("Example.app/Frameworks/Core.framework", kind: .framework, id: "com.example.core")
                .bundle("Example.app/Frameworks/Core.framework/Core.bundle", kind: .bundle)),
            RuleExample("watch app with its own frameworks", old: nil, new: app()
                .bundle("Example.app/Watch/W.app", id: "com.example.app.watchkitapp")
                .bundle("Example.app/Watch/W.app/Frameworks/Core.framework", kind: .framework, id: "com.example.w.core")),
            RuleExample("WatchKit extension with the watch app's frameworks", old: nil, new: app()
                .bundle("Example.app/Watch/W.app", id: "com.example.app.watchkitapp",
                        info: [("WKWatchKitApp", .boolean(true))])
                .bundle("Example.app/Watch/W.app/PlugIns/W Extension.appex", kind: .appex,
                        id: "com.example.app.watchkitapp.watchkitextension",
                        info: [("NSExtension", .dictionary(PlistDictionary(
                            [("NSExtensionPointIdentifier", PlistValue.string(Self.watchKitExtensionPoint))])))])
                .bundle("Example.app/Watch/W.app/PlugIns/W Extension.appex/Frameworks/Core.framework", kind: .framework,
                        id: "com.example.w.core")),
        ])

    /// The extension point of a WatchKit extension.
    static let watchKitExtensionPoint = "com.apple.watchkit"

    static func app() -> ExampleBuild { ExampleBuild().bundle("Example.app", id: "com.example.app") }

    static let codeKinds: Set<BundleInfo.Kind> = [.app, .appex, .framework]

    public func findings(in build: CheckContext) -> [Finding] {
        var out: [Finding] = []
        for b in build.mobileAppBundles where b.kind == .appex || b.kind == .framework {
            if b.kind == .appex,
               build.info(of: b)?["NSExtension"]?["NSExtensionPointIdentifier"]?.stringValue == Self.watchKitExtensionPoint {
                continue
            }
            let frameworks = b.path.appending("Frameworks")
            if build.entry(at: frameworks) != nil {
                out.append(Finding(ruleID: .nestedFrameworks, severity: build.severity(of: .nestedFrameworks),
                                   bundle: build.name(of: b),
                                   message: "the \(b.kind.rawValue) holds a Frameworks folder; only the app's top level may "
                                       + "(ITMS-90206)", paths: [frameworks], subject: "Frameworks"))
            }
            for inner in build.bundles where inner.parentPath == b.path && Self.codeKinds.contains(inner.kind) {
                out.append(Finding(ruleID: .nestedFrameworks, severity: build.severity(of: .nestedFrameworks),
                                   bundle: build.name(of: b),
                                   message: "the \(b.kind.rawValue) embeds '\(inner.path.nameString)'; move it to the app's "
                                       + "Frameworks/ (ITMS-90205)", paths: [inner.path],
                                   subject: inner.path.relative(to: b.path)?.description ?? inner.path.description))
            }
        }
        return out
    }
}

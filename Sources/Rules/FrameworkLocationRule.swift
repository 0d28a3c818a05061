import BundleModel

/// A framework of an app outside the `Frameworks/` folder its platform loads frameworks from.
public struct FrameworkLocationRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .frameworkLocation, name: "Framework outside the app's Frameworks folder", defaultSeverity: .error,
        rationale: "Frameworks and dynamic libraries go in Frameworks/ of an iOS, tvOS or watchOS app and in "
            + "Contents/Frameworks/ of a macOS app (bundle-rules.md §6); the loader's @rpath and the code "
            + "signature expect them there. In an iOS-family app a framework elsewhere (copied as a resource) is "
            + "refused by App Store Connect as a stray binary (ITMS-90171). On macOS a framework in another "
            + "folder may still load through a custom path: a warning. Frameworks inside an extension or another "
            + "framework are structure.nested-frameworks.",
        appStoreCodes: ["ITMS-90171"],
        triggeringExamples: [
            RuleExample("framework copied as a resource", old: nil, new: app()
                .bundle("Example.app/AmazonAd.framework", kind: .framework, id: "com.amazon.ad"), expectedCount: 1),
            RuleExample("macOS framework in Resources", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", layout: .contents)
                .bundle("Example.app/Contents/Resources/Core.framework", kind: .framework, id: "com.example.core",
                        layout: .versionedFramework)),
        ],
        nonTriggeringExamples: [
            RuleExample("iOS framework in Frameworks/", old: nil, new: app()
                .bundle("Example.app/Frameworks/Core.framework", kind: .framework, id: "com.example.core")),
            RuleExample("watch app's own Frameworks/", old: nil, new: app()
                .bundle("Example.app/Watch/W.app", id: "com.example.app.watchkitapp")
                .bundle("Example.app/Watch/W.app/Frameworks/Core.framework", kind: .framework, id: "com.example.w.core")),
            RuleExample("macOS framework in Contents/Frameworks/", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", layout: .contents)
                .bundle("Example.app/Contents/Frameworks/Core.framework", kind: .framework, id: "com.example.core",
                        layout: .versionedFramework)),
        ])

    static func app() -> ExampleBuild { ExampleBuild().bundle("Example.app", id: "com.example.app") }

    public func findings(in build: CheckContext) -> [Finding] {
        var out: [Finding] = []
        for b in build.bundles where b.kind == .framework && build.outermost(of: b).kind == .app {
            guard let owner = build.enclosing(b, kinds: [.app, .appex, .framework, .xpc, .plugin, .bundle, .xctest, .other]),
                  owner.kind == .app else { continue }
            let expected = owner.layout == .flat ? owner.path.appending("Frameworks")
                : owner.path.appending("Contents").appending("Frameworks")
            guard b.path.parent != expected else { continue }
            let mobile = build.isMobile(owner)
            out.append(Finding(
                ruleID: .frameworkLocation,
                severity: mobile ? build.severity(of: .frameworkLocation) : build.severity(of: .frameworkLocation, atMost: .warning),
                bundle: build.name(of: owner),
                message: "'\(b.path.nameString)' is at \(b.path.relative(to: owner.path)?.description ?? b.path.description), "
                    + "not in \(expected.relative(to: owner.path)?.description ?? "Frameworks")/"
                    + (mobile ? "; App Store Connect refuses its binary (ITMS-90171)" : ""),
                paths: [b.path], subject: b.path.relative(to: owner.path)?.description ?? b.path.description))
        }
        return out
    }
}

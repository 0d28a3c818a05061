import BundleModel

/// An iOS-family app (flat layout) with a top-level folder named `Resources`.
public struct IOSResourcesFolderRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .iosResourcesFolder, name: "iOS app has a folder named Resources", defaultSeverity: .error,
        rationale: "The Bundle Programming Guide: an iOS app bundle cannot include a custom folder named "
            + "'Resources' (bundle-rules.md §3). Code signing takes a flat bundle with a top-level Resources "
            + "folder for another bundle format and the signature does not validate. macOS apps keep "
            + "Contents/Resources and are not concerned.",
        triggeringExamples: [
            RuleExample("Resources folder at the top of an iOS app", old: nil, new: app().file("Example.app/Resources/a.png")),
        ],
        nonTriggeringExamples: [
            RuleExample("resources in another custom folder", old: nil, new: app().file("Example.app/Assets/a.png")),
            RuleExample("Resources deeper down", old: nil, new: app().file("Example.app/Assets/Resources/a.png")),
            RuleExample("macOS app", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", layout: .contents)
                .file("Example.app/Contents/Resources/a.png")),
        ])

    static func app() -> ExampleBuild {
        ExampleBuild().bundle("Example.app", id: "com.example.app", version: "1", shortVersion: "1.0")
    }

    public func findings(in build: CheckContext) -> [Finding] {
        var out: [Finding] = []
        for b in build.bundles where b.kind == .app && build.isMobile(b) {
            let folder = b.path.appending("Resources")
            guard build.entry(at: folder)?.kind == .directory else { continue }
            out.append(Finding(
                ruleID: .iosResourcesFolder, severity: build.severity(of: .iosResourcesFolder), bundle: build.name(of: b),
                message: "the app has a top-level folder named 'Resources', which an iOS app may not have; rename it",
                paths: [folder], subject: "Resources"))
        }
        return out
    }
}

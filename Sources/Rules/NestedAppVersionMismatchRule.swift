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
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        NestedVersionCheck.findings(context, rule: .nestedAppVersionMismatch, includes: { $0.kind == .app },
                                    consequence: "App Store Connect rejects the upload")
    }
}

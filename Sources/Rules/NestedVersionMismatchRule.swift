import Comparison

/// App extensions (and frameworks, when configured) carry the app's versions.
public struct NestedVersionMismatchRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .nestedVersionMismatch, name: "Extension version differs from the app", defaultSeverity: .warning,
        rationale: "App Store Connect warns (ITMS-90473) when an app extension's CFBundleVersion or "
            + "CFBundleShortVersionString differs from the containing app's. Frameworks are exempt unless "
            + "`check_framework_versions: true` is set in .bundlediff.yml.",
        appStoreCodes: ["ITMS-90473"],
        triggeringExamples: [
            RuleExample("extension build 4, app 5", old: nil,
                        new: NestedVersionCheck.example(kind: .appex, folder: "PlugIns/Share.appex", version: "4")),
            RuleExample("framework, when configured", old: nil,
                        new: NestedVersionCheck.example(kind: .framework, folder: "Frameworks/Core.framework", version: "4"),
                        configuration: RuleConfiguration(checkFrameworkVersions: true)),
        ],
        nonTriggeringExamples: [
            RuleExample("extension matches", old: nil,
                        new: NestedVersionCheck.example(kind: .appex, folder: "PlugIns/Share.appex", version: "5.0")),
            RuleExample("framework, by default", old: nil,
                        new: NestedVersionCheck.example(kind: .framework, folder: "Frameworks/Core.framework", version: "4")),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        let frameworks = context.configuration.checkFrameworkVersions
        return NestedVersionCheck.findings(
            context, rule: .nestedVersionMismatch,
            includes: { nested, _ in nested.kind == .appex || (frameworks && nested.kind == .framework) },
            consequence: "App Store Connect warns, ITMS-90473")
    }
}

import BundleModel

/// Two bundles of one app with the same `CFBundleIdentifier`.
public struct DuplicateIdentifierRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .duplicateIdentifier, name: "Two bundles in one app share a CFBundleIdentifier", defaultSeverity: .error,
        rationale: "Each bundle inside an app (extensions, frameworks, watch app, App Clip, plug-ins) has an "
            + "identifier of its own: the system registers them by it. App Store Connect refuses 'CFBundleIdentifier "
            + "Collision. There is more than one bundle with the CFBundleIdentifier value … under the application' "
            + "(ITMS-90685), typically a framework embedded twice or an extension copied from another target. The "
            + "slices of an XCFramework share one identifier by design and are not one app; and a resource bundle "
            + "(no executable) is copied by Xcode into every target that links its package (SwiftPM's "
            + "`Bundle.module` looks in the running bundle), so the app and its widget each carry one: it is not "
            + "counted.",
        appStoreCodes: ["ITMS-90685"],
        triggeringExamples: [
            RuleExample("a framework embedded in the app and copied into a plug-in folder", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app")
                .bundle("Example.app/Frameworks/Core.framework", kind: .framework, id: "com.example.core")
                .bundle("Example.app/PlugIns/Core.framework", kind: .framework, id: "com.example.core"), expectedCount: 1),
            RuleExample("an extension with the app's identifier", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app")
                .bundle("Example.app/PlugIns/Share.appex", kind: .appex, id: "com.example.app")),
        ],
        nonTriggeringExamples: [
            RuleExample("a SwiftPM resource bundle in the app and in its widget", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app")
                .bundle("Example.app/Kit_Kit.bundle", kind: .bundle, id: "Kit.Kit.resources")
                .bundle("Example.app/PlugIns/Widget.appex", kind: .appex, id: "com.example.app.widget")
                .bundle("Example.app/PlugIns/Widget.appex/Kit_Kit.bundle", kind: .bundle, id: "Kit.Kit.resources")),
            RuleExample("distinct identifiers", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app")
                .bundle("Example.app/PlugIns/Share.appex", kind: .appex, id: "com.example.app.share")),
            RuleExample("XCFramework slices", old: nil, new: XCFrameworkLibrariesRule.xcf(
                slices: [("ios-arm64", "ios", nil), ("ios-arm64_x86_64-simulator", "ios", "simulator")],
                folders: [("ios-arm64", "iPhoneOS"), ("ios-arm64_x86_64-simulator", "iPhoneSimulator")])),
        ])

    public func findings(in build: CheckContext) -> [Finding] {
        var byApp: [BundlePath: [String: [BundleInfo]]] = [:]
        for b in build.bundles {
            let top = build.outermost(of: b)
            guard top.kind != .xcframework, let id = b.identifier, !id.isEmpty else { continue }
            if b.kind == .bundle, case .missing = build.text("CFBundleExecutable", of: b) { continue }
            byApp[top.path, default: [:]][id, default: []].append(b)
        }
        var out: [Finding] = []
        for (_, ids) in byApp.sorted(by: { $0.key < $1.key }) {
            for (id, bundles) in ids.sorted(by: { $0.key < $1.key }) where bundles.count > 1 {
                let top = build.outermost(of: bundles[0])
                out.append(Finding(
                    ruleID: .duplicateIdentifier, severity: build.severity(of: .duplicateIdentifier), bundle: build.name(of: top),
                    message: "\(bundles.count) bundles carry CFBundleIdentifier '\(id)' ("
                        + bundles.map { $0.path.relative(to: top.path)?.description ?? $0.path.description }
                            .map { $0.isEmpty ? "the app" : $0 }.joined(separator: ", ")
                        + "); each needs its own (ITMS-90685)",
                    paths: bundles.map(\.path), subject: id))
            }
        }
        return out
    }
}

import BundleModel

/// `CFBundleExecutable` names a file that exists where the bundle's layout keeps it.
public struct BundleExecutableRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .bundleExecutable, name: "CFBundleExecutable names no file", defaultSeverity: .error,
        rationale: "CFBundleExecutable names the bundle's main executable: at the top of a flat bundle, in "
            + "Contents/MacOS/ of a macOS bundle, in the version folder of a versioned framework "
            + "(bundle-rules.md §2, §6). An app or extension without it does not launch; a resource bundle that "
            + "names an executable it lacks is refused by App Store Connect: 'Unexpected CFBundleExecutable Key. "
            + "The bundle at … does not contain a bundle executable' (ITMS-90535). A static framework's binary is "
            + "not executable by design: only presence is checked.",
        appStoreCodes: ["ITMS-90535"],
        triggeringExamples: [
            RuleExample("resource bundle naming an executable", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", info: [("CFBundleExecutable", .string("Example"))])
                .file("Example.app/Example", "bin", executable: true)
                .bundle("Example.app/Maps.bundle", kind: .bundle, info: [("CFBundleExecutable", .string("Maps"))]),
                        expectedCount: 1),
            RuleExample("app executable renamed", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", info: [("CFBundleExecutable", .string("Example"))])
                .file("Example.app/Example2", "bin", executable: true)),
        ],
        nonTriggeringExamples: [
            RuleExample("flat app", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", info: [("CFBundleExecutable", .string("Example"))])
                .file("Example.app/Example", "bin", executable: true)),
            RuleExample("macOS app", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", layout: .contents, info: [("CFBundleExecutable", .string("Example"))])
                .file("Example.app/Contents/MacOS/Example", "bin", executable: true)),
            RuleExample("resource bundle without the key", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app").bundle("Example.app/Maps.bundle", kind: .bundle)),
        ])

    public func findings(in build: CheckContext) -> [Finding] {
        var out: [Finding] = []
        for b in build.bundles where b.kind != .xcframework {
            guard let (name, path) = build.executable(of: b), !name.holdsBuildSetting else { continue }
            guard build.entry(at: path) == nil else { continue }
            let message = b.kind == .bundle
                ? "CFBundleExecutable '\(name)' names no file: a resource bundle names none; remove the key (ITMS-90535)"
                : "CFBundleExecutable '\(name)' names no file at \(path.relative(to: b.path)?.description ?? path.description)"
            out.append(Finding(ruleID: .bundleExecutable, severity: build.severity(of: .bundleExecutable),
                               bundle: build.name(of: b), message: message, paths: [b.infoPlistPath], subject: name))
        }
        return out
    }
}

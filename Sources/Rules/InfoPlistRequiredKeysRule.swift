import BundleModel
import MachO
import PropertyLists

/// The Info.plist keys every shipped code bundle needs, present, non-empty and strings.
public struct InfoPlistRequiredKeysRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .infoPlistRequiredKeys, name: "Info.plist lacks a required key", defaultSeverity: .error,
        rationale: "Every app, app extension and framework carries CFBundleIdentifier, CFBundleExecutable, "
            + "CFBundleVersion and CFBundleShortVersionString as non-empty strings (bundle-rules.md §7), and on iOS, "
            + "tvOS, watchOS and visionOS MinimumOSVersion. App Store Connect refuses a bundle without "
            + "CFBundleVersion (ITMS-90056), CFBundleShortVersionString (ITMS-90057) or, in a mobile bundle, "
            + "MinimumOSVersion (ITMS-90360); an empty value counts as missing. Resource bundles, test bundles "
            + "and XCFrameworks need none of them, nor does a static framework (linked in, never embedded); and "
            + "the version keys, App Store Connect's demands, are not judged in a build whose distribution is "
            + "Developer ID, ad hoc or enterprise.",
        appStoreCodes: ["ITMS-90056", "ITMS-90057", "ITMS-90360"],
        triggeringExamples: [
            RuleExample("framework without versions", old: nil, new: app()
                .bundle("Example.app/Frameworks/Core.framework", kind: .framework, id: "com.example.core",
                        info: [("CFBundleExecutable", .string("Core")), ("MinimumOSVersion", .string("15.0"))]),
                        expectedCount: 2),
            RuleExample("empty CFBundleVersion", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", version: "", shortVersion: "1.0",
                        info: [("CFBundleExecutable", .string("Example")), ("MinimumOSVersion", .string("15.0"))]),
                        expectedCount: 1),
            RuleExample("mobile framework without MinimumOSVersion", old: nil, new: app()
                .bundle("Example.app/Frameworks/Core.framework", kind: .framework, id: "com.example.core", version: "1",
                        shortVersion: "1.0", info: [("CFBundleExecutable", .string("Core"))]), expectedCount: 1),
            RuleExample("version written as a number", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", shortVersion: "1.0",
                        info: [("CFBundleVersion", .integer(PlistInteger(3))), ("CFBundleExecutable", .string("Example")),
                               ("MinimumOSVersion", .string("15.0"))]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("complete app", old: nil, new: app()),
            RuleExample("a flat framework in a Mac app needs no MinimumOSVersion", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", version: "1", shortVersion: "1.0", layout: .contents,
                        info: [("CFBundleExecutable", .string("Example")), ("LSMinimumSystemVersion", .string("11.0"))])
                .bundle("Example.app/Contents/Frameworks/Kit.framework", kind: .framework, id: "com.example.kit",
                        version: "1", shortVersion: "1.0", info: [("CFBundleExecutable", .string("Kit"))])),
            RuleExample("a Developer ID build's framework without versions (never uploaded)", old: nil, new: app()
                .bundle("Example.app/Frameworks/Kit.framework", kind: .framework, id: "com.example.kit",
                        info: [("CFBundleExecutable", .string("Kit"))]),
                        configuration: RuleConfiguration(distribution: .developerID)),
            RuleExample("a static framework's minimal Info.plist (linked in, never embedded)", old: nil, new: app()
                .bundle("Example.app/Frameworks/Kit.framework", kind: .framework, id: "com.example.kit",
                        info: [("CFBundleExecutable", .string("Kit"))])
                .binary("Example.app/Frameworks/Kit.framework/Kit", MachOFile(container: .fat, slices: [
                    MachOSlice(cpu: .arm64, is64Bit: true, fileType: nil)]))),
            RuleExample("macOS app needs no MinimumOSVersion", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", version: "1", shortVersion: "1.0", layout: .contents,
                        info: [("CFBundleExecutable", .string("Example"))])),
            RuleExample("resource bundle", old: nil, new: app().bundle("Example.app/Settings.bundle", kind: .bundle)),
        ])

    /// A complete iOS app.
    static func app() -> ExampleBuild {
        ExampleBuild().bundle("Example.app", id: "com.example.app", version: "1", shortVersion: "1.0",
                              info: [("CFBundleExecutable", .string("Example")), ("MinimumOSVersion", .string("15.0"))])
    }

    static let codeKinds: Set<BundleInfo.Kind> = [.app, .appex, .framework, .xpc]

    public func findings(in build: CheckContext) -> [Finding] {
        var out: [Finding] = []
        // A static framework is linked in, not embedded: its Info.plist is never uploaded.
        for b in build.bundles where Self.codeKinds.contains(b.kind) && build.info(of: b) != nil && !build.isStaticFramework(b) {
            var keys: [(String, String?)] = [("CFBundleIdentifier", nil), ("CFBundleExecutable", nil)]
            // The version keys are App Store Connect's demands, judged for builds it may see.
            if build.mayBeUploaded {
                keys += [("CFBundleVersion", "ITMS-90056"), ("CFBundleShortVersionString", "ITMS-90057")]
                if build.isMobile(b) { keys.append(("MinimumOSVersion", "ITMS-90360")) }
            }
            for (key, code) in keys {
                var problem: String
                switch build.text(key, of: b) {
                case .text: continue
                case .missing:
                    problem = "Info.plist has no \(key) (or an empty one)"
                    if let code { problem += "; App Store Connect refuses it (\(code))" }
                case .wrongType(let type): problem = "Info.plist's \(key) is \(type), not a string"
                }
                out.append(Finding(ruleID: .infoPlistRequiredKeys, severity: build.severity(of: .infoPlistRequiredKeys),
                                   bundle: build.name(of: b), message: problem, paths: [b.infoPlistPath],
                                   subject: key))
            }
        }
        return out
    }
}

import BundleModel
import MachO
import PropertyLists

/// `MinimumOSVersion` (mobile) and `LSMinimumSystemVersion` (macOS) well-formed, and no
/// embedded framework requiring a newer system than the app around it.
public struct MinimumOSVersionRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .minimumOSVersion, name: "Minimum system version malformed or above the app's", defaultSeverity: .error,
        rationale: "MinimumOSVersion and LSMinimumSystemVersion are period-separated integers (bundle-rules.md §7). "
            + "App Store Connect refuses an empty or malformed MinimumOSVersion (ITMS-90530), an iOS framework "
            + "below 8.0 (ITMS-90362), and an embedded framework whose MinimumOSVersion is above the app's "
            + "(ITMS-90208), in a build that may reach App Store Connect (dyld reads the binary's minimum, not the "
            + "Info.plist's). A missing value "
            + "is info-plist.required-keys. From the binaries (Mach-O facts): a framework linked for a newer system "
            + "than the executable of the app or extension around it, per platform and architecture, is a warning "
            + "(its code can use what the older system lacks; App Store Connect judges the Info.plist value).",
        appStoreCodes: ["ITMS-90530", "ITMS-90362", "ITMS-90208"],
        triggeringExamples: [
            RuleExample("framework needs a newer iOS than the app", old: nil,
                        new: app(min: "15.0").bundle("Example.app/Frameworks/Core.framework", kind: .framework,
                                                     id: "com.example.core", info: [("MinimumOSVersion", .string("17.0"))]),
                        expectedCount: 1),
            RuleExample("malformed", old: nil, new: app(min: "15.0b"), expectedCount: 1),
            RuleExample("framework binary linked for a newer iOS than the app's", old: nil,
                        new: linked(app: ExampleBuild.slice(minimumOS: .init(major: 15)),
                                    framework: ExampleBuild.slice(minimumOS: .init(major: 17))), expectedCount: 1),
            RuleExample("iOS framework below 8.0", old: nil,
                        new: app(min: "15.0").bundle("Example.app/Frameworks/Core.framework", kind: .framework,
                                                     id: "com.example.core",
                                                     info: [("MinimumOSVersion", .string("7.0")),
                                                            ("CFBundleSupportedPlatforms", .array([.string("iPhoneOS")]))]),
                        expectedCount: 1),
            RuleExample("macOS LSMinimumSystemVersion malformed", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", layout: .contents,
                        info: [("LSMinimumSystemVersion", .string("10.13 or later"))])),
        ],
        nonTriggeringExamples: [
            RuleExample("a framework's plist above the app in an ad hoc build (dyld reads the binary)", old: nil,
                        new: app(min: "15.0").bundle("Example.app/Frameworks/Core.framework", kind: .framework,
                                                     id: "com.example.core", info: [("MinimumOSVersion", .string("16.0"))]),
                        configuration: RuleConfiguration(distribution: .adHoc)),
            RuleExample("framework at the app's minimum", old: nil,
                        new: app(min: "15.0").bundle("Example.app/Frameworks/Core.framework", kind: .framework,
                                                     id: "com.example.core", info: [("MinimumOSVersion", .string("15"))])),
            RuleExample("watch app below 8.0 inside an iOS app", old: nil,
                        new: app(min: "15.0").bundle("Example.app/Watch/W.app", id: "com.example.app.watchkitapp",
                                                     info: [("MinimumOSVersion", .string("7.0")),
                                                            ("CFBundleSupportedPlatforms", .array([.string("WatchOS")]))])),
            RuleExample("framework binary at the app's minimum", old: nil,
                        new: linked(app: ExampleBuild.slice(minimumOS: .init(major: 15)),
                                    framework: ExampleBuild.slice(minimumOS: .init(major: 15)))),
            RuleExample("arm64 framework slice at macOS 11 in an app for 10.13", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", layout: .contents, info: [("CFBundleExecutable", .string("Example"))])
                .binary("Example.app/Contents/MacOS/Example", MachOFile(container: .fat, slices: [
                    ExampleBuild.slice(.x86_64, platform: .macOS, minimumOS: .init(major: 10, minor: 13)),
                    ExampleBuild.slice(platform: .macOS, minimumOS: .init(major: 11))]))
                .bundle("Example.app/Contents/Frameworks/Kit.framework", kind: .framework, id: "com.example.kit",
                        layout: .contents, info: [("CFBundleExecutable", .string("Kit"))])
                .binary("Example.app/Contents/Frameworks/Kit.framework/Contents/MacOS/Kit", MachOFile(container: .thin, slices: [
                    ExampleBuild.slice(platform: .macOS, minimumOS: .init(major: 11))]))),
            RuleExample("no value: another rule's", old: nil, new: ExampleBuild().bundle("Example.app", id: "com.example.app")),
        ])

    /// `Example.app` and its `Core.framework` with executables of the given slices.
    static func linked(app: MachOSlice, framework: MachOSlice) -> ExampleBuild {
        ExampleBuild().bundle("Example.app", id: "com.example.app", info: [("CFBundleExecutable", .string("Example"))])
            .binary("Example.app/Example", MachOFile(container: .thin, slices: [app]))
            .bundle("Example.app/Frameworks/Core.framework", kind: .framework, id: "com.example.core",
                    info: [("CFBundleExecutable", .string("Core"))])
            .binary("Example.app/Frameworks/Core.framework/Core", MachOFile(container: .thin, slices: [framework]))
    }

    static func app(min: String) -> ExampleBuild {
        ExampleBuild().bundle("Example.app", id: "com.example.app", info: [("MinimumOSVersion", .string(min))])
    }

    public func findings(in build: CheckContext) -> [Finding] {
        var out: [Finding] = []
        var aboveApp = Set<BundlePath>()
        func add(_ b: BundleInfo, _ message: String, _ subject: String) {
            out.append(Finding(ruleID: .minimumOSVersion, severity: build.severity(of: .minimumOSVersion),
                               bundle: build.name(of: b), message: message, paths: [b.infoPlistPath], subject: subject))
        }
        for b in build.bundles where b.kind != .xcframework {
            let key = build.isMobile(b) ? "MinimumOSVersion" : "LSMinimumSystemVersion"
            guard let value = build.info(of: b)?[key] else { continue }
            guard let text = value.stringValue, !text.isEmpty else {
                add(b, "\(key) is \(value.stringValue == nil ? value.typeNameWithArticle : "empty"), not a version"
                    + (key == "MinimumOSVersion" ? "; App Store Connect refuses it (ITMS-90530)" : ""), "\(key)|malformed")
                continue
            }
            guard case .success(let version) = VersionNumber.parse(text) else {
                add(b, "\(key) '\(text)' is not period-separated integers"
                    + (key == "MinimumOSVersion" ? "; App Store Connect refuses it (ITMS-90530)" : ""), "\(key)|malformed")
                continue
            }
            guard key == "MinimumOSVersion", b.kind == .framework else { continue }
            if b.platform == "iOS", case .success(let eight) = VersionNumber.parse("8.0"), version < eight {
                add(b, "MinimumOSVersion \(text) is below 8.0, the lowest an iOS framework may declare (ITMS-90362)",
                    "MinimumOSVersion|below-8")
            }
            // The Info.plist value is App Store Connect's to judge: dyld reads the binary's
            // (which the Mach-O part below compares with the app's).
            guard build.mayBeUploaded, let app = build.enclosing(b, kinds: [.app]), build.isMobile(app),
                  case .text(let appText) = build.text("MinimumOSVersion", of: app),
                  case .success(let appVersion) = VersionNumber.parse(appText), appVersion < version else { continue }
            add(b, "MinimumOSVersion \(text) is above the app's \(appText): App Store Connect refuses it (ITMS-90208); "
                + "build the framework for the app's deployment target and declare that", "MinimumOSVersion|above-app")
            aboveApp.insert(b.path)
        }
        return out + binaryFindings(in: build, skipping: aboveApp)
    }
}

import BundleModel

/// A macOS framework whose `Versions/` folder or top-level symbolic links are not the
/// layout App Store Connect and code signing require.
public struct FrameworkVersionsRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .frameworkVersions, name: "macOS framework without its Versions layout", defaultSeverity: .error,
        rationale: "A macOS framework keeps its content in Versions/<v>/, with a symbolic link Versions/Current "
            + "to that folder and, at the top, only symbolic links into Versions/Current (the executable, "
            + "Resources, Headers, Modules…) (bundle-rules.md §6, Apple's Anatomy of Framework Bundles). App "
            + "Store Connect refuses a framework whose Versions/Current is missing or resolves to no version "
            + "folder (ITMS-90292) and one whose top-level entries are missing, not symbolic links, or point "
            + "elsewhere (ITMS-90291); code signing refuses unsealed content at a framework's top. A link that "
            + "dangles or leaves the framework is an error. More than one version folder works but is against "
            + "Apple's best practice of a single version: a warning. A copy that lost its symlinks (a checkout "
            + "or archive without symlink support writes each link as a small file holding its target: the "
            + "file's size is the target's length) is said once per framework as a note, not judged. CFBundle's "
            + "old-style layout (Resources/ and the executable at the top, no Versions/: CEF's framework) is signed and "
            + "notarized as it is, so only a build that may reach App Store Connect is held to Versions/ for it.",
        appStoreCodes: ["ITMS-90291", "ITMS-90292"],
        triggeringExamples: [
            RuleExample("no Versions/Current", old: nil, new: framework(current: nil), expectedCount: 1),
            RuleExample("no Versions/Current and no top-level links (a wheel's copy)", old: nil,
                        new: framework(current: nil, links: []), expectedCount: 3),
            RuleExample("Versions/Current names no version folder", old: nil, new: framework(current: "B"),
                        expectedCount: 1),
            RuleExample("top-level link leaves the framework", old: nil, new: framework()
                .symlink("Core.framework/Headers", to: "../../Headers"), expectedCount: 1),
            RuleExample("top-level link to another name", old: nil, new: framework()
                .symlink("Core.framework/Headers", to: "Versions/Current/Resources"), expectedCount: 1),
            RuleExample("top-level Resources link missing", old: nil, new: framework(links: ["Core"]),
                        expectedCount: 1),
            RuleExample("a real folder at the top", old: nil, new: framework()
                .file("Core.framework/Headers/Core.h", "int x;"), expectedCount: 1),
            RuleExample("two versions", old: nil, new: framework()
                .file("Core.framework/Versions/B/Core", "old", executable: true), expectedCount: 1),
            RuleExample("flat framework in a macOS app", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", layout: .contents)
                .bundle("Example.app/Contents/Frameworks/Core.framework", kind: .framework, id: "com.example.core",
                        info: [("CFBundleExecutable", .string("Core"))])
                .file("Example.app/Contents/Frameworks/Core.framework/Core", "bin", executable: true),
                        expectedCount: 1),
            RuleExample("a copy that lost its symlinks (a note)", old: nil, new: flattened(), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("Xcode's layout", old: nil, new: framework()),
            RuleExample("top-level link through the version's own name", old: nil, new: framework(links: ["Core"])
                .symlink("Core.framework/Resources", to: "Versions/A/Resources")),
            RuleExample("iOS framework (flat)", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app")
                .bundle("Example.app/Frameworks/Core.framework", kind: .framework, id: "com.example.core")),
        ])

    /// A versioned framework with Xcode's links: `current` is Versions/Current's target (nil:
    /// no link), `links` the top-level names linked into Versions/Current.
    static func framework(current: String? = "A", links: [String] = ["Core", "Resources"]) -> ExampleBuild {
        var b = ExampleBuild()
            .bundle("Core.framework", kind: .framework, id: "com.example.core", layout: .versionedFramework,
                    info: [("CFBundleExecutable", .string("Core"))])
            .file("Core.framework/Versions/A/Core", "bin", executable: true)
        if let current { b = b.symlink("Core.framework/Versions/Current", to: current) }
        for name in links { b = b.symlink("Core.framework/\(name)", to: "Versions/Current/\(name)") }
        return b
    }

    /// Xcode's layout with every link written as a file holding its target.
    static func flattened() -> ExampleBuild {
        ExampleBuild()
            .bundle("Core.framework", kind: .framework, id: "com.example.core", layout: .versionedFramework,
                    info: [("CFBundleExecutable", .string("Core"))])
            .file("Core.framework/Versions/A/Core", "bin", executable: true)
            .file("Core.framework/Versions/Current", "A")
            .file("Core.framework/Core", "Versions/Current/Core")
            .file("Core.framework/Resources", "Versions/Current/Resources")
    }

    public func findings(in build: CheckContext) -> [Finding] {
        var out: [Finding] = []
        var entries: EntryIndex?
        for b in build.bundles where b.kind == .framework {
            // CFBundle's old-style layout (`Resources/Info.plist`, no `Versions/`: CEF's) is
            // judged as a flat framework: it has no version folder to be wrong about.
            if b.layout == .versionedFramework, build.entry(at: b.path.appending("Versions")) != nil {
                if entries == nil { entries = EntryIndex(build.snapshot.entries) }
                out += FrameworkLayout(build: build, framework: b, entries: entries ?? EntryIndex([])).findings()
            } else if b.layout == .versionedFramework && !build.mayBeUploaded {
                // CEF's layout outside App Store Connect: Developer ID apps sign and notarize
                // it as it is (CEF's README.redistrib.txt); only ITMS-90291/90292 refuse it.
                continue
            } else if let finding = flatInMacApp(b, build) {
                out.append(finding)
            }
        }
        return out
    }

    /// A framework without `Versions/` in a macOS app's `Contents/Frameworks/`.
    private func flatInMacApp(_ b: BundleInfo, _ build: CheckContext) -> Finding? {
        guard let owner = build.enclosing(b, kinds: [.app, .appex, .framework, .xpc, .plugin, .bundle, .xctest, .other]),
              owner.layout == .contents, b.path.parent == owner.contentRoot.appending("Frameworks"),
              build.entry(at: b.path.appending("Versions")) == nil else { return nil }
        return Finding(
            ruleID: .frameworkVersions, severity: build.severity(of: .frameworkVersions), bundle: build.name(of: b),
            message: "the framework in a macOS app has no Versions/ folder: it needs Versions/<v>/, a Versions/Current "
                + "symbolic link and top-level symbolic links into it (ITMS-90291, ITMS-90292)",
            paths: [b.path], subject: "Versions")
    }
}

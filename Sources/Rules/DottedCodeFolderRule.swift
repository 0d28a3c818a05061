import BundleModel

/// Nested code (a bundle or a `.dylib`) inside a subfolder of a code location whose name
/// has a dot, such as `Frameworks/.hidden/X.framework` or `PlugIns/v1.2/Share.appex`.
public struct DottedCodeFolderRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .dottedCodeFolder, name: "Nested code in a dotted subfolder", defaultSeverity: .error,
        rationale: "Each code location (Frameworks/, PlugIns/, Extensions/, XPCServices/, Helpers/, MacOS/, "
            + "Library/<kind>/, AppClips/, Watch/) should hold a flat list of code items; when code is nested in "
            + "subfolders anyway, no subfolder name may contain a dot, because code signing takes any dotted "
            + "folder in a code location for a bundle and fails to sign or verify it (bundle-rules.md §6). "
            + "Subfolders without a dot are not judged.",
        triggeringExamples: [
            RuleExample("framework in a hidden folder", old: nil, new: app()
                .bundle("Example.app/Frameworks/.hidden/X.framework", kind: .framework, id: "com.example.x"),
                        expectedCount: 1),
            RuleExample("dylib in a versioned folder of a macOS app", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", layout: .contents)
                .file("Example.app/Contents/Frameworks/v1.2/libcore.dylib"), expectedCount: 1),
            RuleExample("extension in a dotted folder", old: nil, new: app()
                .bundle("Example.app/PlugIns/share.v2/Share.appex", kind: .appex, id: "com.example.app.share")),
        ],
        nonTriggeringExamples: [
            RuleExample("flat code location", old: nil, new: app()
                .bundle("Example.app/Frameworks/X.framework", kind: .framework, id: "com.example.x")
                .file("Example.app/Frameworks/libswiftCore.dylib")),
            RuleExample("undotted subfolder", old: nil, new: app()
                .bundle("Example.app/Frameworks/Vendor/X.framework", kind: .framework, id: "com.example.x")),
            RuleExample("resource bundle in a localization folder", old: nil, new: app()
                .bundle("Example.app/en.lproj/Help.bundle", kind: .bundle, id: "com.example.help")),
            RuleExample("macOS framework's version folder", old: nil, new: ExampleBuild()
                .bundle("Core.framework", kind: .framework, id: "com.example.core", layout: .versionedFramework)
                .bundle("Core.framework/Versions/A/Frameworks/Inner.framework", kind: .framework, id: "com.example.inner",
                        layout: .versionedFramework)),
        ])

    static func app() -> ExampleBuild { ExampleBuild().bundle("Example.app", id: "com.example.app") }

    /// The folders of a bundle's content root that hold code (`Library/<kind>` counts as one).
    static let codeLocations: Set<String> = [
        "Frameworks", "PlugIns", "Extensions", "XPCServices", "Helpers", "MacOS", "Library", "AppClips", "Watch",
        "SharedFrameworks", "SystemExtensions",
    ]

    public func findings(in build: CheckContext) -> [Finding] {
        var out: [Finding] = []
        var seen = Set<BundlePath>()
        for b in build.bundles {
            guard let parent = b.parentPath.flatMap(build.index.bundle(at:)) else { continue }
            if let f = judge(b.path, code: "'\(b.path.description)'", owner: parent, build, &seen) { out.append(f) }
        }
        for e in build.index.entries(mayBeNamed: [".dylib"]) where e.kind == .file && e.path.nameString.hasSuffix(".dylib") {
            guard let owner = build.index.owner(of: e.path) else { continue }
            if let f = judge(e.path, code: "'\(e.path.description)'", owner: owner, build, &seen) { out.append(f) }
        }
        return out
    }

    /// A finding when `path` sits in a dotted subfolder of one of `owner`'s code locations.
    private func judge(_ path: BundlePath, code: String, owner: BundleInfo, _ build: CheckContext,
                       _ seen: inout Set<BundlePath>) -> Finding? {
        guard let rel = path.relative(to: owner.contentRoot) else { return nil }
        let parts = rel.components.map { String(decoding: $0, as: UTF8.self) }
        guard parts.count >= 3, Self.codeLocations.contains(parts[0]) else { return nil }
        let first = parts[0] == "Library" ? 2 : 1
        guard first < parts.count - 1 else { return nil }
        var folder = owner.contentRoot.appending(parts[0])
        if first == 2 { folder = folder.appending(parts[1]) }
        for name in parts[first..<(parts.count - 1)] {
            folder = folder.appending(name)
            guard name.utf8.contains(UInt8(ascii: ".")) else { continue }
            guard seen.insert(path).inserted else { return nil }
            return Finding(
                ruleID: .dottedCodeFolder, severity: build.severity(of: .dottedCodeFolder), bundle: build.name(of: owner),
                message: "\(code) is inside '\(folder.relative(to: owner.path)?.description ?? folder.description)', a "
                    + "subfolder of a code location whose name has a dot: code signing takes it for a bundle; keep "
                    + "code items flat, or drop the dot",
                paths: [path, folder], subject: rel.description)
        }
        return nil
    }
}

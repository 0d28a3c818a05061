import BundleModel

/// A bundle whose Info.plist is spelled with other letter case (`info.plist`).
public struct InfoPlistSpellingRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .infoPlistSpelling, name: "Info.plist not spelled with a capital I", defaultSeverity: .error,
        rationale: "The name is case-sensitive: Info.plist, capital I (bundle-rules.md §2). On a case-sensitive "
            + "file system, and on the device, 'info.plist' is not found: the bundle has no identifier, version "
            + "or executable.",
        triggeringExamples: [
            RuleExample("lower-case info.plist", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app")
                .bundle("Example.app/PlugIns/Share.appex", kind: .appex, hasInfoPlist: false)
                .file("Example.app/PlugIns/Share.appex/info.plist", "x")),
        ],
        nonTriggeringExamples: [
            RuleExample("Info.plist", old: nil, new: ExampleBuild().bundle("Example.app", id: "com.example.app")),
        ])

    public func findings(in build: CheckContext) -> [Finding] {
        var folders: [BundlePath: BundleInfo] = [:]
        for b in build.bundles where build.entry(at: b.infoPlistPath) == nil {
            for folder in [b.path, b.path.appending("Contents"), b.infoPlistPath.parent] { folders[folder] = b }
        }
        guard !folders.isEmpty else { return [] }
        return build.snapshot.entries.compactMap { e in
            let name = e.path.nameString
            guard name != "Info.plist", name.lowercased() == "info.plist", let b = folders[e.path.parent] else { return nil }
            return Finding(ruleID: .infoPlistSpelling, severity: build.severity(of: .infoPlistSpelling), bundle: build.name(of: b),
                           message: "the bundle's property list is named '\(name)'; it must be 'Info.plist'",
                           paths: [e.path], subject: name)
        }
    }
}

import BundleModel

/// Archive debris that App Store Connect refuses: `__MACOSX/` folders and AppleDouble `._*` files.
public struct DisallowedPathRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .disallowedPath, name: "Archive debris (__MACOSX, ._ files) in the build", defaultSeverity: .error,
        rationale: "Zipping on a Mac with Finder or some tools adds __MACOSX/ folders and AppleDouble '._name' "
            + "files that carry extended attributes. App Store Connect refuses an upload holding them: 'Your "
            + "archive contains paths that are not allowed: [._Symbols]' (ITMS-90048); inside a bundle they also "
            + "break its code seal. Outside every bundle they touch no seal: judged only in an .ipa that App Store "
            + "Connect may receive (a Mac app's zip and an archive are never uploaded).",
        appStoreCodes: ["ITMS-90048"],
        triggeringExamples: [
            RuleExample("AppleDouble files next to the app in an .ipa", old: nil,
                        new: ExampleBuild().ipa().bundle("Example.app", id: "com.example.app").file("._Symbols", "x"),
                        expectedCount: 1),
            RuleExample("__MACOSX folder in an .ipa", old: nil, new: ExampleBuild().ipa().bundle("Example.app", id: "com.example.app")
                .file("__MACOSX/Example.app/._Info.plist", "x"), expectedCount: 1),
            RuleExample("an AppleDouble file inside the bundle (breaks its seal)", old: nil,
                        new: ExampleBuild().bundle("Example.app", id: "com.example.app").file("Example.app/._Info.plist", "x"),
                        expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("a Mac app's zip with its folder's AppleDouble beside it (ditto without --sequesterRsrc)", old: nil,
                        new: ExampleBuild().bundle("Example.app", id: "com.example.app", layout: .contents)
                            .file("._Example.app", "x"), configuration: RuleConfiguration(distribution: .developerID)),
            RuleExample("dotted names that are not AppleDouble", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app").file("Example.app/.hidden", "x").file("Example.app/a._b", "x")),
        ])

    public func findings(in build: CheckContext) -> [Finding] {
        var out: [Finding] = []
        var reported: [BundlePath] = []
        for e in build.index.entries(mayBeNamed: ["__MACOSX"], appleDouble: true)
            where !reported.contains(where: { e.path.isWithin($0) }) {
            let name = e.path.nameString
            guard name == "__MACOSX" || (name.hasPrefix("._") && name.count > 2) else { continue }
            reported.append(e.path)
            let owner = build.index.owner(of: e.path)
            // Outside every bundle, debris touches no seal: only an .ipa App Store Connect
            // may receive is refused for it (a Mac app's zip, an archive, are never uploaded).
            if owner == nil, build.snapshot.sourceKind != .ipa || !build.mayBeUploaded { continue }
            out.append(Finding(ruleID: .disallowedPath, severity: build.severity(of: .disallowedPath),
                               bundle: owner.map { build.name(of: $0) } ?? "",
                               message: "'\(name)' is archive debris (\(name == "__MACOSX" ? "a __MACOSX folder" : "an AppleDouble file")); "
                                   + "App Store Connect refuses paths like it (ITMS-90048)",
                               paths: [e.path], subject: e.path.description))
        }
        return out
    }
}

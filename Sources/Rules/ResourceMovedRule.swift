import BundleModel
import MachO
import Comparison

/// A resource that moved or was renamed inside its bundle: code and configuration that
/// name the old path must follow it. A whole moved folder is one finding.
public struct ResourceMovedRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .resourceMoved, name: "Resource moved or renamed", defaultSeverity: .warning,
        rationale: "Bundle lookups are by name and path: url(forResource:withExtension:subdirectory:), "
            + "UIImage(named:), Info.plist keys (CFBundleIconFiles, UILaunchImageFile, NSMainNibFile) and "
            + "storyboards that name a moved file find nothing at run time, with no build error.",
        triggeringExamples: [
            RuleExample("same content, new path", old: app(["Sounds/Water.aiff": "splash"]),
                        new: app(["Audio/Water.aiff": "splash"]), expectedCount: 1),
            RuleExample("whole folder moved is one finding", old: app(["Sounds/a.aiff": "aaaa", "Sounds/b.aiff": "bbbb",
                                                                       "Sounds/c.aiff": "cccc"]),
                        new: app(["Media/Sounds/a.aiff": "aaaa", "Media/Sounds/b.aiff": "bbbb",
                                  "Media/Sounds/c.aiff": "cccc"]), expectedCount: 1),
            RuleExample("one content at several paths", old: app(["logo.png": "LOGO"]),
                        new: app(["Images/logo.png": "LOGO", "Images/logo-copy.png": "LOGO"]), expectedCount: 1),
            RuleExample("renamed with small changes", old: app(["Config/settings-v1.json": "{\"a\": 1, \"b\": 2}"]),
                        new: app(["Config/settings-v2.json": "{\"a\": 1, \"b\": 3}"]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("an on-demand resource pack renamed by a tag added to it (code requests tags)",
                        old: app(["OnDemandResources/com.example.app.zion-3dd3.assetpack/maps/zion.mbtiles": "tiles of zion",
                                  "OnDemandResources/com.example.app.zion-3dd3.assetpack/Info.plist": "pack info"]),
                        new: app(["OnDemandResources/com.example.app.tutorial+zion-9f1c.assetpack/maps/zion.mbtiles": "tiles of zion",
                                  "OnDemandResources/com.example.app.tutorial+zion-9f1c.assetpack/Info.plist": "pack info 2"])),
            RuleExample("a dylib renamed with its version (found by its install name, not a lookup)",
                        old: app(["Frameworks/libtiff.5.dylib": "tiff library five"])
                            .binary("Example.app/Frameworks/libtiff.5.dylib", MachOFile(container: .thin, slices: [ExampleBuild.slice()])),
                        new: app(["Frameworks/libtiff.6.dylib": "tiff library six!"])
                            .binary("Example.app/Frameworks/libtiff.6.dylib", MachOFile(container: .thin, slices: [ExampleBuild.slice()]))),
            RuleExample("content changed in place", old: app(["Sounds/Water.aiff": "splash"]),
                        new: app(["Sounds/Water.aiff": "splosh"])),
            RuleExample("unrelated add and remove", old: app(["old.txt": "one thing"]),
                        new: app(["other.dat": "something else entirely, much longer"])),
        ])

    static func app(_ files: [String: String]) -> ExampleBuild {
        var build = ExampleBuild().bundle("Example.app", id: "com.example.app", version: "1", shortVersion: "1.0")
        for (path, content) in files.sorted(by: { $0.key < $1.key }) { build = build.file("Example.app/" + path, content) }
        return build
    }

    public func findings(in context: RuleContext) -> [Finding] {
        MoveCategory.moves(context, for: .resourceMoved).map { fact, move in
            Finding(ruleID: .resourceMoved, severity: context.severity(of: .resourceMoved),
                    bundle: move.toBundle ?? move.fromBundle ?? "", message: Self.message(move),
                    paths: fact.to, subject: MoveCategory.subject(move))
        }
    }

    static func message(_ move: ResourceMove) -> String {
        let lookups = "update code and configuration that name it (resource lookups, Info.plist keys, storyboards)"
        switch move.kind {
        case .folder:
            return "\(MoveCategory.what(move)) moved to \(MoveCategory.targets(move))/\(MoveCategory.changed(move)): "
                + "update every lookup with a subdirectory or path under \(move.from.nameString)"
        case .oneToMany:
            return "\(move.from) is gone; its content is now at \(move.to.count) paths (\(MoveCategory.targets(move))): "
                + lookups + ", and drop the duplicates if they are not needed"
        case .renamedWithChanges:
            return "\(move.from) was renamed \(MoveCategory.targets(move))\(MoveCategory.changed(move)): " + lookups
        case .becameFolder:
            return "\(move.from) became the folder \(MoveCategory.targets(move)): update code that loads it by file name"
        case .exact, .caseOnly:
            return "\(move.from) moved to \(MoveCategory.targets(move))\(MoveCategory.changed(move)): " + lookups
        }
    }
}

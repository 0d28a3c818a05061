import BundleModel
import Comparison

/// A resource that moved from one bundle to another (app → framework or resource bundle).
public struct MovedBetweenBundlesRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .movedBetweenBundles, name: "Resource moved to another bundle", defaultSeverity: .warning,
        rationale: "A bundle's resource lookups search that bundle only. Bundle.main searches the app: a resource "
            + "moved into a framework or a resource bundle is found only through that bundle (Bundle(for:), "
            + "Bundle(identifier:), Bundle.module), so every Bundle.main lookup of it returns nil. Likewise a "
            + "resource moved out of a framework is no longer found through the framework's bundle. Files of a "
            + "bundle that was removed, and a bundle's own structure (Info.plist, signature, executable, "
            + "headers), never count as moved.",
        triggeringExamples: [
            RuleExample("app → framework", old: build(["Example.app/Colors.json": "{\"tint\": 1}"]),
                        new: build(["Example.app/Frameworks/Core.framework/Colors.json": "{\"tint\": 1}"]),
                        expectedCount: 1),
            RuleExample("folder app → resource bundle",
                        old: build(["Example.app/Sounds/a.aiff": "aaaa", "Example.app/Sounds/b.aiff": "bbbb"]),
                        new: build(["Example.app/Frameworks/Core.framework/Sounds/a.aiff": "aaaa",
                                    "Example.app/Frameworks/Core.framework/Sounds/b.aiff": "bbbb"]),
                        expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("moved inside the app", old: build(["Example.app/Colors.json": "{\"tint\": 1}"]),
                        new: build(["Example.app/Config/Colors.json": "{\"tint\": 1}"])),
            RuleExample("framework replaced by another: its files did not move",
                        old: build(["Example.app/Frameworks/Old.framework/Info.plist": "<plist/>",
                                    "Example.app/Frameworks/Old.framework/Colors.json": "{\"tint\": 1}"],
                                   nested: ["Example.app/Frameworks/Old.framework": "com.example.old"]),
                        new: build(["Example.app/Frameworks/New.framework/Info.plist": "<plist/>",
                                    "Example.app/Frameworks/New.framework/Colors.json": "{\"tint\": 1}"],
                                   nested: ["Example.app/Frameworks/New.framework": "com.example.new"])),
        ])

    static func build(_ files: [String: String], nested: [String: String] = [:]) -> ExampleBuild {
        var b = ExampleBuild()
            .bundle("Example.app", id: "com.example.app", version: "1", shortVersion: "1.0")
            .bundle("Example.app/Frameworks/Core.framework", kind: .framework, id: "com.example.core")
        for (path, id) in nested.sorted(by: { $0.key < $1.key }) { b = b.bundle(path, kind: .framework, id: id) }
        for (path, content) in files.sorted(by: { $0.key < $1.key }) { b = b.file(path, content) }
        return b
    }

    public func findings(in context: RuleContext) -> [Finding] {
        MoveCategory.moves(context, for: .movedBetweenBundles).map { fact, move in
            let from = move.fromBundle ?? "(outside any bundle)", to = move.toBundle ?? "(outside any bundle)"
            return Finding(
                ruleID: .movedBetweenBundles, severity: context.severity(of: .movedBetweenBundles),
                bundle: move.fromBundle ?? move.toBundle ?? "",
                message: "\(MoveCategory.what(move)) moved from \(from) to \(to) (\(MoveCategory.targets(move)))"
                    + "\(MoveCategory.changed(move)): " + Self.advice(move, context.comparison),
                paths: fact.to, subject: MoveCategory.subject(move))
        }
    }

    /// What breaks depends on where the resource was: `Bundle.main` lookups when it left
    /// the app (the outermost bundle), lookups through its own bundle when it left a
    /// framework or another nested bundle.
    static func advice(_ move: ResourceMove, _ comparison: BuildComparison) -> String {
        func isMain(_ name: String?) -> Bool {
            comparison.bundles.first { $0.name == name }?.isOutermost ?? false
        }
        let lookups = "(Bundle(for:) with a class of it, Bundle(identifier:), Bundle.module)"
        let broken = isMain(move.fromBundle) ? "Bundle.main lookups no longer find it"
            : "lookups through the \(move.fromBundle ?? "old") bundle \(lookups) no longer find it"
        let fix = isMain(move.toBundle) ? "it is now in the app: load it through Bundle.main"
            : "load it through the \(move.toBundle ?? "new") bundle " + lookups
        return broken + "; " + fix
    }
}

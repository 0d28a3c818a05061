import BundleModel
import Comparison

/// A resource that moved from one bundle to another (app → framework or resource bundle).
public struct MovedBetweenBundlesRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .movedBetweenBundles, name: "Resource moved to another bundle", defaultSeverity: .warning,
        rationale: "Bundle.main only searches the app bundle. A resource moved into a framework or a resource "
            + "bundle is found only through that bundle (Bundle(for:), Bundle(identifier:), Bundle.module), so "
            + "every Bundle.main lookup of it returns nil.",
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
        ])

    static func build(_ files: [String: String]) -> ExampleBuild {
        var b = ExampleBuild()
            .bundle("Example.app", id: "com.example.app", version: "1", shortVersion: "1.0")
            .bundle("Example.app/Frameworks/Core.framework", kind: .framework, id: "com.example.core")
        for (path, content) in files.sorted(by: { $0.key < $1.key }) { b = b.file(path, content) }
        return b
    }

    public func findings(in context: RuleContext) -> [Finding] {
        MoveCategory.moves(context, for: .movedBetweenBundles).map { move in
            let from = move.fromBundle ?? "(outside any bundle)", to = move.toBundle ?? "(outside any bundle)"
            return Finding(
                ruleID: .movedBetweenBundles, severity: context.severity(of: .movedBetweenBundles),
                bundle: move.fromBundle ?? move.toBundle ?? "",
                message: "\(MoveCategory.what(move)) moved from \(from) to \(to) (\(MoveCategory.targets(move)))"
                    + "\(MoveCategory.changed(move)): Bundle.main lookups no longer find it; load it through "
                    + "the \(to) bundle (Bundle(identifier:), Bundle(for:), Bundle.module)",
                paths: move.to, subject: MoveCategory.subject(move))
        }
    }
}

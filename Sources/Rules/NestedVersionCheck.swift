import BundleModel
import Comparison

/// Shared logic of the nested-version rules: a nested bundle whose versions differ from
/// the outermost app that contains it. A nested bundle that did not change says nothing
/// new unless the app's versions changed around it (then the mismatch is new).
enum NestedVersionCheck {
    /// `includes`: whether a nested bundle (first) must carry the versions of the outermost
    /// app around it (second).
    static func findings(_ context: RuleContext, rule: RuleID, includes: (BundleInfo, BundleInfo) -> Bool,
                         consequence: String) -> [Finding] {
        var out: [Finding] = []
        for b in context.comparison.bundles {
            guard let n = b.new, n.parentPath != nil else { continue }
            let app = context.newIndex.outermost(of: n)
            guard app.kind == .app, app.path != n.path, includes(n, app) else { continue }
            if context.isUnchangedInner(b), let around = context.comparison.bundles.first(where: { $0.new?.path == app.path }),
               around.old?.version == around.new?.version, around.old?.shortVersion == around.new?.shortVersion { continue }
            for (key, mine, theirs) in [("CFBundleVersion", n.version, app.version),
                                        ("CFBundleShortVersionString", n.shortVersion, app.shortVersion)] {
                guard let mine, let theirs, !same(mine, theirs) else { continue }
                out.append(Finding(
                    ruleID: rule, severity: context.severity(of: rule), bundle: b.name,
                    message: "\(key) '\(mine)' of \(n.path.nameString) differs from the app's '\(theirs)' "
                        + "(\(consequence)): set it to '\(theirs)'",
                    paths: [n.infoPlistPath], subject: "\(key)=\(mine)/\(theirs)"))
            }
        }
        return out
    }

    static func same(_ a: String, _ b: String) -> Bool {
        if let x = VersionNumber(a), let y = VersionNumber(b) { return x == y }
        return a == b
    }

    static func example(kind: BundleInfo.Kind, folder: String, version: String) -> ExampleBuild {
        ExampleBuild()
            .bundle("Example.app", id: "com.example.app", version: "5", shortVersion: "1.0")
            .bundle("Example.app/\(folder)", kind: kind, id: "com.example.app.nested", version: version, shortVersion: "1.0")
    }
}

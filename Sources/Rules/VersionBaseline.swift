import BundleModel
import Comparison

/// The builds a new bundle's versions are compared with: the old side's bundle and, for
/// the main bundle, every recorded build of the history.
struct VersionBaseline {
    struct Entry {
        var shortVersion: String?
        var build: String
        var source: String
    }

    var entries: [Entry] = []

    init(_ bundle: BundleComparison, context: RuleContext) {
        if let o = bundle.old, let v = o.version {
            entries.append(Entry(shortVersion: o.shortVersion, build: v, source: "the old build"))
        }
        if let n = bundle.new, n.path == context.newIndex.snapshot.mainBundle?.path, let history = context.history {
            entries += history.map { Entry(shortVersion: $0.shortVersion, build: $0.build, source: "recorded builds") }
        }
    }

    /// The outermost bundles on the new side that have a version (the apps being shipped),
    /// less those that did not change and are not the main bundle (an archive's dSYMs).
    static func subjects(_ context: RuleContext) -> [BundleComparison] {
        context.comparison.bundles.filter {
            $0.new != nil && $0.isOutermost && $0.new?.version != nil && !context.isUnchangedInner($0)
        }
    }

    /// Whether two optional short versions are the same train (numeric equality).
    static func sameTrain(_ a: String?, _ b: String?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let x?, let y?): (VersionNumber(x).flatMap { vx in VersionNumber(y).map { vx == $0 } }) ?? (x == y)
        default: false
        }
    }
}

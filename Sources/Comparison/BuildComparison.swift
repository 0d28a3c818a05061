import BundleModel
import PropertyLists

/// The facts of a comparison between two builds: what changed, per bundle, with no
/// judgment attached. Rules read this value and produce findings.
///
/// Every list is in a stable order (bundles outermost first then by path; files by path),
/// so any reporter renders the same comparison byte for byte.
public struct BuildComparison: Sendable, Equatable {
    /// Lookups over the older build (which bundle owns a file, a bundle's `.lproj`
    /// folders); built once by the comparison and shared with the rules.
    public let oldIndex: SnapshotIndex
    /// Lookups over the newer build.
    public let newIndex: SnapshotIndex
    /// The older build.
    public var old: BuildSnapshot { oldIndex.snapshot }
    /// The newer build.
    public var new: BuildSnapshot { newIndex.snapshot }
    /// One entry per bundle on either side: matched pairs, added and removed bundles.
    public var bundles: [BundleComparison]
    /// Files that moved, across the whole build (moves between bundles included).
    public var moves: [ResourceMove]
    /// Changes to files that lie outside every bundle (an `.ipa`'s `Payload/` wrapper,
    /// an `.xcarchive`'s metadata). Empty when the build has no such files.
    public var outsideBundles: FileChanges

    public init(old: BuildSnapshot, new: BuildSnapshot, bundles: [BundleComparison],
                moves: [ResourceMove], outsideBundles: FileChanges = FileChanges()) {
        self.init(oldIndex: SnapshotIndex(old), newIndex: SnapshotIndex(new), bundles: bundles, moves: moves,
                  outsideBundles: outsideBundles)
    }

    init(oldIndex: SnapshotIndex, newIndex: SnapshotIndex, bundles: [BundleComparison], moves: [ResourceMove],
         outsideBundles: FileChanges) {
        self.oldIndex = oldIndex
        self.newIndex = newIndex
        self.bundles = bundles
        self.moves = moves
        self.outsideBundles = outsideBundles
    }

    /// Whether nothing at all changed (signature noise included).
    public var isEmpty: Bool {
        moves.isEmpty && outsideBundles.isEmpty && bundles.allSatisfy {
            $0.status == .matched && $0.isEmpty
        }
    }

    /// The comparison of the main bundle (the outermost app), if both sides have one.
    public var mainBundle: BundleComparison? {
        bundles.first { $0.status == .matched && $0.isOutermost }
    }

    public static func == (a: BuildComparison, b: BuildComparison) -> Bool {
        a.bundles == b.bundles && a.moves == b.moves && a.outsideBundles == b.outsideBundles
            && Self.same(a.old, b.old) && Self.same(a.new, b.new)
    }

    private static func same(_ a: BuildSnapshot, _ b: BuildSnapshot) -> Bool {
        a.sourceKind == b.sourceKind && a.sourceName == b.sourceName && a.entries == b.entries
            && a.plists == b.plists && a.bundles == b.bundles
    }
}

import BundleModel
import Comparison

/// What a comparison of two data containers changed, as the container rules read it:
/// every file (not folder) added, removed or modified, wherever it lies, and the moves.
/// Nil unless both sides are data containers, so the rules stay silent on builds.
struct ContainerChanges {
    var added: [FileEntry] = []
    var removed: [FileEntry] = []
    var modified: [FileModification] = []
    var moves: [ResourceMove]

    static func of(_ context: RuleContext) -> ContainerChanges? {
        let c = context.comparison
        guard c.old.isContainer, c.new.isContainer else { return nil }
        var out = ContainerChanges(moves: c.moves)
        for changes in c.bundles.map(\.files) + [c.outsideBundles] {
            out.added += changes.added.filter { $0.kind != .directory }
            out.removed += changes.removed.filter { $0.kind != .directory }
            out.modified += changes.modified.filter { $0.new.kind != .directory }
        }
        out.added.sort { $0.path < $1.path }
        out.removed.sort { $0.path < $1.path }
        out.modified.sort { $0.path < $1.path }
        return out
    }

    /// What container findings name as their bundle: the app whose data this is.
    static func app(_ context: RuleContext) -> String {
        context.comparison.new.container?.appIdentifier ?? context.comparison.old.container?.appIdentifier ?? ""
    }

    /// The area a move left and the areas it reached (one per new path).
    static func areas(_ move: ResourceMove) -> (from: ContainerArea, to: [ContainerArea]) {
        (ContainerArea.of(move.from), move.to.map(ContainerArea.of))
    }

    /// `Documents/a.txt → Library/Caches/a.txt` or `folder Documents/x/ (3 files) → …`.
    static func describe(_ move: ResourceMove) -> String {
        "\(MoveCategory.what(move)) → \(MoveCategory.targets(move))\(MoveCategory.changed(move))"
    }

    /// The subject of a move's fingerprint.
    static func subject(_ move: ResourceMove) -> String { MoveCategory.subject(move) }
}

import BundleModel
import Comparison

/// Which move rule speaks for a move. Each move gets exactly one rule, the most specific:
/// between bundles, then case-only, then across a localization boundary, else a plain move.
enum MoveCategory {
    static func rule(for move: ResourceMove) -> RuleID? {
        if move.crossesBundles { return .movedBetweenBundles }
        if isCaseOnly(move) { return .caseOnlyRename }
        if move.localization != nil { return .localizationMove }
        return .resourceMoved
    }

    /// The moves of `context` that `rule` reports, in comparison order: each as the fact
    /// (full paths, for a finding's `paths`) and as shown (paths relative to their bundles,
    /// for messages and fingerprints, so that an `.ipa` and a folder build read alike).
    static func moves(_ context: RuleContext, for rule: RuleID) -> [(fact: ResourceMove, shown: ResourceMove)] {
        let c = context.comparison
        // Files outside every bundle (an archive's own folders) are found by no bundle
        // lookup, nor is code (a dylib renamed `libtiff.5.dylib` → `libtiff.6.dylib` is
        // found by its install name: `binary.libraries-changed` says who links it): their
        // moves stay facts in the report, never findings.
        let code = context.oldIndex.snapshot.machO
        return c.moves.filter { move in
            self.rule(for: move) == rule && (move.fromBundle != nil || move.toBundle != nil)
                && !(move.kind != .folder && code[move.from] != nil)
        }.map { move in
            var shown = move
            shown.from = c.fromInBundle(move)
            shown.to = c.toInBundle(move)
            return (move, shown)
        }
    }

    /// A file or folder rename that changes nothing but ASCII letter case.
    static func isCaseOnly(_ move: ResourceMove) -> Bool {
        if move.kind == .caseOnly { return true }
        guard move.to.count == 1, let to = move.to.first, to != move.from else { return false }
        return ByteRun.equalIgnoringASCIICase(to.bytes[...], move.from.bytes[...])
    }

    /// `folder Sounds/ (12 files)`, `3 of the 40 files of folder Sounds/` (the rest went
    /// elsewhere), or `Icon.png`, for messages.
    static func what(_ move: ResourceMove) -> String {
        guard move.kind == .folder else { return "\(move.from)" }
        return move.folderFileCount > move.fileCount
            ? "\(move.fileCount) of the \(move.folderFileCount) files of folder \(move.from)/"
            : "folder \(move.from)/ (\(move.fileCount) files)"
    }

    /// `a, b` for the new path(s).
    static func targets(_ move: ResourceMove) -> String {
        move.to.map(\.description).joined(separator: ", ")
    }

    /// The fingerprint subject: old path → new path(s).
    static func subject(_ move: ResourceMove) -> String {
        move.from.description + "->" + move.to.map(\.description).joined(separator: ",")
    }

    /// ` (content changed)` when it did.
    static func changed(_ move: ResourceMove) -> String {
        move.contentChanged ? " (content changed)" : ""
    }
}

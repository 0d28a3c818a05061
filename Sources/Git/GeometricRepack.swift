/// Chooses which packs to merge so that the pack sizes form a geometric progression, as
/// `git repack --geometric=2` does: sorted by object count, each pack holds at least
/// `factor` times the objects of the next smaller one. A recording adds one small pack;
/// merging the smallest ones whenever the progression breaks keeps the pack count
/// logarithmic in the number of objects, and rewrites each object O(log n) times in all,
/// so the cost per recording stays flat however long the history grows.
public enum GeometricRepack {
    /// Each pack must hold at least this many times the objects of the next smaller one.
    public static let factor = 2

    /// The packs to merge into one (empty when the sizes already form a progression).
    /// Kept packs (`.keep`) are never chosen and do not count.
    public static func packsToRoll(_ packs: [PackFile]) -> [PackFile] {
        let sorted = packs.filter { !$0.isKept }.sorted { ($0.objects, $0.name) < ($1.objects, $1.name) }
        guard sorted.count > 1 else { return [] }
        // From the largest down, the first pack that is not `factor` times the next
        // smaller one: it and everything smaller get merged.
        var split = 0
        for i in stride(from: sorted.count - 1, to: 0, by: -1)
        where sorted[i].objects < factor * max(sorted[i - 1].objects, 1) {
            split = i
            break
        }
        guard split > 0 else { return [] }
        // The merged pack may itself be too big for the next pack up: take that one too,
        // until the rest is `factor` times the merged total.
        var total = sorted[0...split].reduce(0) { $0 + $1.objects }
        var end = split
        while end + 1 < sorted.count, sorted[end + 1].objects < factor * total {
            end += 1
            total += sorted[end].objects
        }
        return Array(sorted[0...end])
    }
}

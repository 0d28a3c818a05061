import Git

extension HistoryStore {
    /// How many packs may be left outside the multi-pack-index before a recording
    /// rewrites it, when the recording could not merge packs (no writer lock).
    static let uncoveredPackLimit = 32

    /// Keeps the pack count low after a recording, which adds one pack. With the
    /// writer lock held (`repacking`), merges the smallest packs whenever their sizes stop
    /// forming a geometric progression (`GeometricRepack`): the history then holds about
    /// log2(objects) packs, each object is rewritten O(log n) times over the history's
    /// life, and opening the history stays cheap at any length. Without the lock (no
    /// `flock` on this file system) nothing is merged or deleted: the multi-pack-index is
    /// rewritten once `uncoveredPackLimit` packs are outside it instead.
    ///
    /// Best effort: the recording is complete already, and a failure (a full disk, say)
    /// leaves every object where it was.
    func maintainPacks(repacking: Bool) {
        if repacking {
            let roll = GeometricRepack.packsToRoll(repository.packFiles())
            if !roll.isEmpty {
                _ = try? repository.rollUp(roll)
                return
            }
        }
        let (packs, covered) = repository.packIndexCoverage()
        guard covered > 0 || !repacking, packs - covered >= Self.uncoveredPackLimit else { return }
        try? repository.writeMultiPackIndex()
    }
}

import Git

extension HistoryStore {
    /// How many packs may be left outside the multi-pack-index before a recording
    /// rewrites it. Each recording adds one pack; readers (history queries walk every
    /// build) search the uncovered packs one by one, so a long history without the index
    /// reads about twice as slowly.
    static let uncoveredPackLimit = 32

    /// Rewrites the multi-pack-index when at least `uncoveredPackLimit` packs are not in
    /// it. Best effort: the recording is complete already, and without the index every
    /// object is still found (a failure, say a concurrent writer holding its lock, only
    /// leaves the old index in place).
    func maintainPackIndex() {
        let (packs, covered) = repository.packIndexCoverage()
        guard packs - covered >= Self.uncoveredPackLimit else { return }
        try? repository.writeMultiPackIndex()
    }
}

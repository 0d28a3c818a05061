import Git

extension HistoryStore {
    /// How many loose reference files (`refs/…`) a recording leaves before it packs them
    /// into `packed-refs`. Each recording adds a version tag: left loose, 10,000 builds are
    /// 10,000 files that every listing of the tags (the pack merge's write order, `log`,
    /// the tag lookups of queries) opens one by one.
    public static let looseReferenceLimit = 100

    /// Packs the loose references when more than `looseReferenceLimit` lie under `refs/`,
    /// as `git gc --auto` runs `git pack-refs`. Called with the writer lock held, after
    /// the recording's references are written. Counting stops at the limit, so a
    /// recording that does not pack pays for at most that many directory entries; one
    /// that does rewrites `packed-refs` (every reference, once per `looseReferenceLimit`
    /// recordings).
    ///
    /// Best effort: the recording is complete already; a failure (a full disk, a held
    /// `packed-refs.lock`) leaves every reference where it was.
    func maintainReferences() {
        guard repository.looseReferenceCount(upTo: Self.looseReferenceLimit) > Self.looseReferenceLimit else { return }
        try? repository.packReferences()
    }
}

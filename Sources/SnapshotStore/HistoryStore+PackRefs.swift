import Git

extension HistoryStore {
    /// How many loose reference files (`refs/…`) a recording leaves before it packs them
    /// into `packed-refs`. Each recording adds a version tag: left loose, 10,000 builds are
    /// 10,000 files that every listing of the tags (the pack merge's write order, `log`,
    /// the tag lookups of queries) opens one by one.
    public static let looseReferenceLimit = 100

    /// Packs the loose references when more than `looseReferenceLimit` lie under `refs/`,
    /// as `git gc --auto` runs `git pack-refs`, and first removes the reference lock files
    /// a killed recording left (a killed pack leaves `packed-refs.lock` and the lock of the
    /// loose file it was deleting, which no later write of that name would clear). Called
    /// with the writer lock held, after the recording's references are written. Packing
    /// keeps the walk of `refs/` to about `looseReferenceLimit` entries; a recording that
    /// packs rewrites `packed-refs` (every reference, once per `looseReferenceLimit`
    /// recordings).
    ///
    /// Best effort: the recording is complete already; a failure (a full disk, a held
    /// `packed-refs.lock`) leaves every reference where it was.
    func maintainReferences() {
        let files = repository.looseReferenceFiles()
        repository.removeStaleReferenceLocks(files.locks)
        guard files.count > Self.looseReferenceLimit else { return }
        try? repository.packReferences()
    }
}

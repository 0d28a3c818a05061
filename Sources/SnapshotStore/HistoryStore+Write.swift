import Git

extension HistoryStore {
    /// Writes the queued objects as one pack. On failure (a full disk, the file-size
    /// limit) libgit2 has removed the partial pack, and the branch has not moved.
    func writeObjects() throws(StoreError) {
        do {
            try repository.flushObjects()
        } catch {
            throw StoreError(error.code == .locked ? .locked : .git, repository: path,
                             "cannot write the build into the history: \(error.message); the build was not recorded")
        }
    }
}

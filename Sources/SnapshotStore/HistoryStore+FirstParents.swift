import Git

extension HistoryStore {
    /// The first-parent line of `branch`, newest first: every commit once, ending at a root
    /// or at a shallow clone's boundary (whose parents were never fetched).
    func firstParentLine(of branch: String) throws(StoreError) -> [Commit] {
        try git { () throws(GitError) in
            var out: [Commit] = []
            let boundary = repository.shallowBoundary()
            var next = try repository.referenceTarget(branch).flatMap { id throws(GitError) in try repository.peeledCommit(id) }
            var seen = Set<ObjectID>()
            while let id = next, seen.insert(id).inserted {
                let commit = try repository.commit(id)
                out.append(commit)
                next = boundary.contains(id) ? nil : commit.parents.first
            }
            return out
        }
    }
}

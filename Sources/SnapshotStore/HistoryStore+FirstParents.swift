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

extension HistoryStore {
    /// Whether the build line of `app` on `channel` ends at a shallow clone's boundary whose
    /// parents were left out: builds recorded before that commit are not in this history,
    /// so its highest build is unknown.
    public func isCutShallow(app: String, channel: String) throws(StoreError) -> Bool {
        try serialized { () throws(StoreError) in
            let boundary = repository.shallowBoundary()
            guard !boundary.isEmpty else { return false }
            let line = try firstParentLine(of: RefNames.branch(app: app, channel: channel))
            return line.last.map { boundary.contains($0.id) && !$0.parents.isEmpty } ?? false
        }
    }
}

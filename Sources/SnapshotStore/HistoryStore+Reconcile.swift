import FoundationEssentials
import Platform
import Git

extension HistoryStore {
    /// Brings the local branches in scope together with the remote's (`remote`, full
    /// names → ids, objects fetched already): a branch only the remote has is created,
    /// one the remote moved ahead is fast-forwarded, and local builds the remote lacks
    /// are put on top of the remote's tip (same tree, message and dates; new parent).
    /// Returns the branches to push, each with the value the remote must still hold.
    func reconcileBranches(_ remote: [String: ObjectID], scope: SyncScope, result: inout SyncResult)
        throws(StoreError) -> [RemoteTransfer.Update] {
        try serialized { () throws(StoreError) in
            let local = try git { () throws(GitError) in try repository.references(matching: "refs/heads/*") }
            var names = Set(local.map(\.name).filter(scope.includesBranch))
            names.formUnion(remote.keys.filter(scope.includesBranch))
            var updates: [RemoteTransfer.Update] = []
            for name in names.sorted() {
                if let update = try reconcileBranch(name, remote: remote[name], result: &result) {
                    updates.append(update)
                }
            }
            return updates
        }
    }

    private func reconcileBranch(_ name: String, remote theirs: ObjectID?, result: inout SyncResult)
        throws(StoreError) -> RemoteTransfer.Update? {
        var races = 0
        while true {
            do {
                let ours = try repository.referenceTarget(name)
                switch (ours, theirs) {
                case (nil, nil):
                    return nil
                case (nil, let theirs?):
                    try repository.createReference(name, target: theirs, message: "bundlediff: fetch")
                    result.fetched.append(name)
                    return nil
                case (.some, nil):
                    return RemoteTransfer.Update(local: name, remote: name, expected: nil)
                case (let ours?, let theirs?):
                    if ours == theirs { return nil }
                    if try repository.contains(theirs, in: ours) {
                        return RemoteTransfer.Update(local: name, remote: name, expected: theirs)
                    }
                    if try repository.contains(ours, in: theirs) {
                        try repository.updateReference(name, to: theirs, expected: ours, message: "bundlediff: fetch")
                        result.fetched.append(name)
                        return nil
                    }
                    let (tip, mapping) = try replay(ours, onto: theirs)
                    try repository.updateReference(name, to: tip, expected: ours,
                                                   message: "bundlediff: put local builds on top of the remote")
                    try moveTags(mapping)
                    for (old, new) in mapping { result.rewritten[old.hex] = new.hex }
                    result.fetched.append(name)
                    return RemoteTransfer.Update(local: name, remote: name, expected: theirs)
                }
            } catch where (error.code == .concurrentUpdate || error.code == .locked) && races < Self.maxAttempts {
                races += 1  // a local recording moved the branch meanwhile: look again
                DetachedThread.sleep(seconds: Double.random(in: 0.001...0.02))
            } catch {
                throw StoreError(error, repository: path)
            }
        }
    }

    /// Re-creates the first-parent chain of `local` that `tip` lacks on top of `tip`,
    /// oldest first. Returns the new tip and old → new commit ids.
    private func replay(_ local: ObjectID, onto tip: ObjectID) throws(GitError) -> (ObjectID, [ObjectID: ObjectID]) {
        var chain: [Commit] = []
        var cursor: ObjectID? = local
        while let id = cursor, try !repository.contains(id, in: tip) {
            let commit = try repository.commit(id)
            chain.append(commit)
            cursor = commit.parents.first
        }
        var newTip = tip
        var mapping: [ObjectID: ObjectID] = [:]
        for commit in chain.reversed() {
            newTip = try repository.createCommit(tree: commit.tree, parents: [newTip] + commit.parents.dropFirst(),
                                                 author: commit.author, committer: commit.committer,
                                                 message: commit.message)
            mapping[commit.id] = newTip
        }
        try repository.flushObjects()
        return (newTip, mapping)
    }

    /// Moves every tag that names a replayed commit to its new commit.
    private func moveTags(_ mapping: [ObjectID: ObjectID]) throws(GitError) {
        for tag in try repository.references(matching: "refs/tags/*") {
            guard let new = mapping[tag.target] else { continue }
            do {
                try repository.updateReference(tag.name, to: new, expected: tag.target, message: "bundlediff: follow build")
            } catch where error.code == .concurrentUpdate || error.code == .locked {
                continue  // someone else is moving the tag: theirs stands
            }
        }
    }
}

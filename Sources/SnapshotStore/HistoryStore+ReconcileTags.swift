import Git

extension HistoryStore {
    /// Brings the local tags in scope together with the remote's: a tag only the remote
    /// has is created; a version tag both have on different builds (two runners recorded
    /// the same version) is left to the remote's build, and this build keeps the first
    /// free `#n` of that version. Returns the tags to push.
    func reconcileTags(_ remote: [String: ObjectID], scope: SyncScope, result: inout SyncResult)
        throws(StoreError) -> [RemoteTransfer.Update] {
        try serialized { () throws(StoreError) in
            try git { () throws(GitError) in
                let local = Dictionary(try repository.references(matching: "refs/tags/*")
                    .filter { scope.includesTag($0.name) }.map { ($0.name, $0.target) },
                    uniquingKeysWith: { first, _ in first })
                let theirs = remote.filter { scope.includesTag($0.key) }
                var taken = Set(local.keys).union(theirs.keys)
                var updates: [RemoteTransfer.Update] = []
                for name in taken.sorted() {
                    switch (local[name], theirs[name]) {
                    case (nil, let remoteTarget?):
                        do throws(GitError) {
                            try repository.createReference(name, target: remoteTarget, message: "bundlediff: fetch")
                            result.fetched.append(name)
                        } catch where error.code == .concurrentUpdate || error.code == .locked {
                            continue  // another process is creating it right now: the next round compares it
                        }
                    case (_?, nil):
                        updates.append(RemoteTransfer.Update(local: name, remote: name, expected: nil))
                    case (let ours?, let remoteTarget?) where ours != remoteTarget:
                        guard let keptAs = try keepCollidingBuild(name, ours: ours, theirs: remoteTarget,
                                                                  remote: theirs, taken: &taken) else {
                            result.tagConflicts.append(name)
                            continue
                        }
                        result.collisions.append(VersionCollision(
                            tag: short(name), remoteCommit: remoteTarget.hex, localCommit: ours.hex,
                            keptAs: short(keptAs)))
                        if theirs[keptAs] == nil {
                            updates.append(RemoteTransfer.Update(local: keptAs, remote: keptAs, expected: nil))
                        }
                    default:
                        continue
                    }
                }
                return updates
            }
        }
    }

    private func short(_ name: String) -> String { String(name.dropFirst(RefNames.tagsPrefix.count)) }

    /// For a version tag of `ours`: points the tag at `theirs` and gives `ours` the first
    /// free (or its own) `#n`. Nil when `name` is not the version tag of `ours`.
    private func keepCollidingBuild(_ name: String, ours: ObjectID, theirs: ObjectID, remote: [String: ObjectID],
                                    taken: inout Set<String>) throws(GitError) -> String? {
        let commit = try repository.commit(ours)
        guard let message = CommitMessage.parse(commit.message, commitTime: commit.committer.time),
              let shortVersion = message.shortVersion, let build = message.build else { return nil }
        let base = RefNames.tagsPrefix
            + RefNames.versionTag(app: message.bundleId, shortVersion: shortVersion, build: build, n: 1)
        guard name == base || name.hasPrefix(base + "#") else { return nil }
        var n = 2
        while n <= 1000 {
            let candidate = RefNames.tagsPrefix
                + RefNames.versionTag(app: message.bundleId, shortVersion: shortVersion, build: build, n: n)
            let mine = try repository.referenceTarget(candidate)
            let there = remote[candidate]
            let usable = candidate != name && (mine == nil || mine == ours) && (there == nil || there == ours)
                && (mine != nil || there != nil || !taken.contains(candidate))
            if usable {
                if mine == nil { try repository.createReference(candidate, target: ours, message: "bundlediff: version tag") }
                try repository.updateReference(name, to: theirs, expected: ours, message: "bundlediff: fetch")
                taken.insert(candidate)
                return candidate
            }
            n += 1
        }
        return nil
    }
}

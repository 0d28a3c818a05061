import CLibgit2

extension Repository {
    /// The best common ancestor of two commits; nil when they share none.
    public func mergeBase(_ a: ObjectID, _ b: ObjectID) throws(GitError) -> ObjectID? {
        var out = git_oid()
        var one = a.oid, two = b.oid
        let status = git_merge_base(&out, handle, &one, &two)
        if status == GIT_ENOTFOUND.rawValue { return nil }
        try check(status, "find the common ancestor of \(a.prefix(10)) and \(b.prefix(10))")
        return ObjectID(out)
    }

    /// Whether `commit` is `ancestor` or one of its descendants.
    public func contains(_ ancestor: ObjectID, in commit: ObjectID) throws(GitError) -> Bool {
        if ancestor == commit { return true }
        var one = commit.oid, two = ancestor.oid
        let status = git_graph_descendant_of(handle, &one, &two)
        try check(status, "compare \(commit.prefix(10)) with \(ancestor.prefix(10))")
        return status == 1
    }
}

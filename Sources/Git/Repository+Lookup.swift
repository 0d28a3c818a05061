import CLibgit2

extension Repository {
    /// The entry called `name` in a tree (libgit2's binary search, without copying the
    /// other entries); nil when the tree has no such entry.
    public func treeEntry(named name: [UInt8], in tree: ObjectID) throws(GitError) -> TreeEntry? {
        guard !name.isEmpty, !name.contains(0) else { return nil }
        var oid = tree.oid
        var raw: OpaquePointer?
        try check(readAgainAfterRefresh { git_tree_lookup(&raw, handle, &oid) }, "read tree \(tree)")
        guard let raw else { return nil }
        defer { git_tree_free(raw) }
        let found = CString.with(name) { git_tree_entry_byname(raw, $0) }
        guard let found, let entryID = git_tree_entry_id(found) else { return nil }
        return TreeEntry(name: name, mode: FileMode(rawValue: git_tree_entry_filemode_raw(found).rawValue),
                         id: ObjectID(entryID))
    }
}

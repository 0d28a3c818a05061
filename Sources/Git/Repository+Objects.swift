import CLibgit2

extension Repository {
    /// Writes a blob (queued until `flushObjects()` in `.packed` mode). `id`, when given, is
    /// its id worked out already (`ObjectID.ofBlob(bytes)`, on another thread, say): it is
    /// not hashed again.
    public func writeBlob(_ bytes: [UInt8], id: ObjectID? = nil) throws(GitError) -> ObjectID {
        let queued = bytes.withUnsafeBytes { raw in Result { () throws(GitError) in try queueBlob(raw, id: id) } }
        if let id = try queued.get() { return id }
        var oid = git_oid()
        let status = bytes.withUnsafeBytes { raw in
            git_blob_create_from_buffer(&oid, handle, raw.baseAddress, raw.count)
        }
        try check(status, "write blob")
        let id = ObjectID(oid)
        noteWritten(id)
        return id
    }

    /// The bytes of a blob.
    public func readBlob(_ id: ObjectID) throws(GitError) -> [UInt8] {
        var oid = id.oid
        var blob: OpaquePointer?
        let status = readAgainAfterRefresh { git_blob_lookup(&blob, handle, &oid) }
        if status < 0 { throw objectReadError(status, kind: "blob", id: id) }
        guard let blob else { return [] }
        defer { git_blob_free(blob) }
        let size = Int(clamping: git_blob_rawsize(blob))
        guard size > 0, let content = git_blob_rawcontent(blob) else { return [] }
        return Array(UnsafeRawBufferPointer(start: content, count: size))
    }

    /// Whether the object database holds `id`.
    public func contains(_ id: ObjectID) throws(GitError) -> Bool {
        var oid = id.oid
        return try withODB { odb in git_odb_exists(odb, &oid) == 1 }
    }

    /// Writes one tree from its entries (any order; git sorts them).
    public func writeTree(entries: [TreeEntry]) throws(GitError) -> ObjectID {
        var builder: OpaquePointer?
        try check(git_treebuilder_new(&builder, handle, nil), "start tree")
        guard let builder else { throw GitError(code: .other(-1), operation: "start tree", message: "none") }
        defer { git_treebuilder_free(builder) }
        for entry in entries {
            guard !entry.name.isEmpty, !entry.name.contains(0), !entry.name.contains(UInt8(ascii: "/")) else {
                throw GitError(code: .invalidSpec, operation: "write tree",
                               message: "a tree entry name may not be empty or hold NUL or '/'")
            }
            var oid = entry.id.oid
            let status = CString.with(entry.name) { cName in
                git_treebuilder_insert(nil, builder, cName, &oid, git_filemode_t(entry.mode.rawValue))
            }
            try check(status, "add \(String(decoding: entry.name, as: UTF8.self)) to tree")
        }
        var oid = git_oid()
        try check(git_treebuilder_write(&oid, builder), "write tree")
        let id = ObjectID(oid)
        noteWritten(id)
        return id
    }

    /// Writes a nested tree (subtrees first) and returns the root tree id.
    public func writeTree(_ node: TreeNode) throws(GitError) -> ObjectID {
        var entries: [TreeEntry] = []
        entries.reserveCapacity(node.entries.count)
        for (name, child) in node.entries {
            switch child {
            case .blob(let id, let mode):
                entries.append(TreeEntry(name: name.bytes, mode: mode, id: id))
            case .tree(let sub):
                entries.append(TreeEntry(name: name.bytes, mode: .tree, id: try writeTree(sub)))
            }
        }
        return try writeTree(entries: entries)
    }

    /// The entries of a tree, in git's order.
    public func treeEntries(_ id: ObjectID) throws(GitError) -> [TreeEntry] {
        var oid = id.oid
        var tree: OpaquePointer?
        let status = readAgainAfterRefresh { git_tree_lookup(&tree, handle, &oid) }
        if status < 0 { throw objectReadError(status, kind: "tree", id: id) }
        guard let tree else { return [] }
        defer { git_tree_free(tree) }
        let count = git_tree_entrycount(tree)
        var out: [TreeEntry] = []
        out.reserveCapacity(count)
        for i in 0..<count {
            guard let entry = git_tree_entry_byindex(tree, i), let name = git_tree_entry_name(entry),
                  let entryID = git_tree_entry_id(entry) else { continue }
            let nameBytes = CString.bytes(name)
            out.append(TreeEntry(name: nameBytes, mode: FileMode(rawValue: git_tree_entry_filemode_raw(entry).rawValue),
                                 id: ObjectID(entryID)))
        }
        return out
    }
}

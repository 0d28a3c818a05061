import CLibgit2

extension Repository {
    /// Writes a commit object (no reference moves); returns its id.
    public func createCommit(tree: ObjectID, parents: [ObjectID], author: Signature,
                             committer: Signature, message: String) throws(GitError) -> ObjectID {
        var treeOID = tree.oid
        var treeObject: OpaquePointer?
        let treeStatus = readAgainAfterRefresh { git_tree_lookup(&treeObject, handle, &treeOID) }
        if treeStatus < 0 { throw objectReadError(treeStatus, kind: "tree", id: tree) }
        defer { git_tree_free(treeObject) }
        var parentObjects: [OpaquePointer?] = []
        defer { parentObjects.forEach { git_commit_free($0) } }
        for parent in parents {
            var oid = parent.oid
            var commit: OpaquePointer?
            let status = readAgainAfterRefresh { git_commit_lookup(&commit, handle, &oid) }
            if status < 0 { throw objectReadError(status, kind: "commit", id: parent) }
            parentObjects.append(commit)
        }
        let authorSig = try makeSignature(author)
        defer { git_signature_free(authorSig) }
        let committerSig = try makeSignature(committer)
        defer { git_signature_free(committerSig) }
        var out = git_oid()
        let status = parentObjects.withUnsafeMutableBufferPointer { buffer in
            git_commit_create(&out, handle, nil, authorSig, committerSig, nil, message, treeObject,
                              buffer.count, buffer.baseAddress)
        }
        try check(status, "write commit")
        let id = ObjectID(out)
        noteWritten(id)
        return id
    }

    private func makeSignature(_ s: Signature) throws(GitError) -> UnsafeMutablePointer<git_signature>? {
        var sig: UnsafeMutablePointer<git_signature>?
        try check(git_signature_new(&sig, s.name, s.email, s.time, s.offsetMinutes), "make signature \(s.name)")
        return sig
    }

    /// Reads a commit.
    public func commit(_ id: ObjectID) throws(GitError) -> Commit {
        var oid = id.oid
        var raw: OpaquePointer?
        let status = readAgainAfterRefresh { git_commit_lookup(&raw, handle, &oid) }
        if status < 0 { throw objectReadError(status, kind: "commit", id: id) }
        guard let raw else { throw GitError(code: .notFound, operation: "read commit \(id)", message: "missing") }
        defer { git_commit_free(raw) }
        var parents: [ObjectID] = []
        for i in 0..<git_commit_parentcount(raw) {
            if let p = git_commit_parent_id(raw, i) { parents.append(ObjectID(p)) }
        }
        let message = git_commit_message_raw(raw).map { String(decoding: CString.buffer($0), as: UTF8.self) } ?? ""
        guard let treeID = git_commit_tree_id(raw) else {
            throw GitError(code: .other(-1), operation: "read commit \(id)", message: "commit has no tree")
        }
        return Commit(id: id, tree: ObjectID(treeID), parents: parents, message: message,
                      author: Self.signature(git_commit_author(raw)),
                      committer: Self.signature(git_commit_committer(raw)))
    }

    private static func signature(_ raw: UnsafePointer<git_signature>?) -> Signature {
        guard let raw else { return Signature(name: "", email: "", time: 0) }
        let s = raw.pointee
        return Signature(name: s.name.map { String(cString: $0) } ?? "",
                         email: s.email.map { String(cString: $0) } ?? "",
                         time: s.when.time, offsetMinutes: s.when.offset)
    }

    /// Resolves a revision (`git rev-parse` syntax: full or short id, tag, branch,
    /// `x~2`, …) to a commit id, peeling tags.
    public func resolveCommit(_ spec: String) throws(GitError) -> ObjectID {
        var object: OpaquePointer?
        try check(git_revparse_single(&object, handle, spec), "resolve \(spec)")
        defer { git_object_free(object) }
        var peeled: OpaquePointer?
        try check(git_object_peel(&peeled, object, GIT_OBJECT_COMMIT), "resolve \(spec) to a commit")
        defer { git_object_free(peeled) }
        guard let peeled, let id = git_object_id(peeled) else {
            throw GitError(code: .notFound, operation: "resolve \(spec)", message: "no commit")
        }
        return ObjectID(id)
    }
}

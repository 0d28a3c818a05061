import CLibgit2

/// An open git repository. One owner of the `git_repository` pointer; `deinit` frees it.
///
/// Not thread-safe (libgit2 repositories must not be shared across threads): open one
/// `Repository` per thread. Two instances on one path may write concurrently; references
/// are moved with compare-and-swap (`updateReference(_:to:expected:message:)`).
///
/// With `.packed` object writing (the default), new objects are queued in memory and land
/// as one pack file on `flushObjects()`; objects not flushed are never written.
public final class Repository {
    /// How new objects reach the disk.
    public enum ObjectWriting: Sendable {
        /// Queue in memory (libgit2 mempack) and write one pack per `flushObjects()`.
        case packed
        /// One zlib-compressed loose file per object, written immediately.
        case loose
    }

    let handle: OpaquePointer
    /// The git directory (for a bare repository, the repository itself), without a trailing `/`.
    public let path: String
    /// Whether the repository has no working tree.
    public let isBare: Bool
    private var mempack: UnsafeMutablePointer<git_odb_backend>?
    /// The object database, held while `mempack` is attached.
    private var objectDatabase: OpaquePointer?
    /// The repository's packs alone, opened on the first queued blob: where `queueBlob`
    /// looks for an object stored already (see there).
    private var packsOnly: OpaquePointer?
    /// Objects queued in `mempack` since the last flush, in write order.
    private var pending: [ObjectID] = []
    private var pendingSet = Set<ObjectID>()
    /// Whether reference writes remove a stale `*.lock` of the reference they write
    /// (see `breakingStaleLock`). Set only while the history's writer lock is held.
    public var breaksStaleLocks = false
    /// The lock files removed as stale, for the caller to report.
    public internal(set) var brokenLocks: [String] = []

    private init(handle: OpaquePointer, writing: ObjectWriting) throws(GitError) {
        self.handle = handle
        var gitdir = git_repository_path(handle).map { String(cString: $0) } ?? ""
        while gitdir.count > 1 && gitdir.hasSuffix("/") { gitdir.removeLast() }
        path = gitdir
        isBare = git_repository_is_bare(handle) == 1
        if writing == .packed { try attachMempack() }
    }

    deinit {
        if let packsOnly { git_odb_free(packsOnly) }
        if let objectDatabase { git_odb_free(objectDatabase) }
        git_repository_free(handle)
    }

    /// Creates a new bare repository at `path` (HEAD unborn, pointing at `refs/heads/main`).
    public static func createBare(at path: String, objectWriting: ObjectWriting = .packed)
        throws(GitError) -> Repository {
        try GitRuntime.ensureInitialized()
        var options = git_repository_init_options()
        try check(git_repository_init_options_init(&options, UInt32(GIT_REPOSITORY_INIT_OPTIONS_VERSION)),
                  "initialize repository options")
        options.flags = GIT_REPOSITORY_INIT_BARE.rawValue | GIT_REPOSITORY_INIT_MKPATH.rawValue
            | GIT_REPOSITORY_INIT_NO_REINIT.rawValue
        var raw: OpaquePointer?
        let status = "refs/heads/main".withCString { head in
            options.initial_head = head
            return git_repository_init_ext(&raw, path, &options)
        }
        try check(status, "create repository \(path)")
        guard let raw else { throw GitError(code: .other(-1), operation: "create repository \(path)", message: "no repository") }
        return try Repository(handle: raw, writing: objectWriting)
    }

    /// Opens the repository at exactly `path` (a bare repository or a working tree with
    /// `.git`); never searches parent directories.
    public static func open(at path: String, objectWriting: ObjectWriting = .packed)
        throws(GitError) -> Repository {
        try GitRuntime.ensureInitialized()
        var raw: OpaquePointer?
        let status = git_repository_open_ext(&raw, path, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil)
        if status == GIT_ENOTFOUND.rawValue, let owner = foreignOwner(of: path) {
            throw GitError(code: .other(status), operation: "open repository",
                           message: "it belongs to another user (uid \(owner)), and libgit2 opens only the current user's repositories")
        }
        if status == GIT_ENOTFOUND.rawValue {
            throw GitError(code: .notARepository, operation: "open \(path)", message: path)
        }
        try check(status, "open repository \(path)")
        guard let raw else { throw GitError(code: .notARepository, operation: "open \(path)", message: path) }
        return try Repository(handle: raw, writing: objectWriting)
    }

    /// Runs `body` with the repository's object database (a new reference, freed after).
    func withODB<T>(_ body: (OpaquePointer) throws(GitError) -> T) throws(GitError) -> T {
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, handle), "open object database")
        guard let odb else { throw GitError(code: .other(-1), operation: "open object database", message: "none") }
        defer { git_odb_free(odb) }
        return try body(odb)
    }

    private func attachMempack() throws(GitError) {
        var backend: UnsafeMutablePointer<git_odb_backend>?
        try check(git_mempack_new(&backend), "create in-memory pack")
        guard let backend else { return }
        try withODB { (odb) throws(GitError) in
            let status = git_odb_add_backend(odb, backend, 999)
            if status < 0 { backend.pointee.free?(backend) }
            try check(status, "add in-memory pack backend")
        }
        mempack = backend  // owned by the object database from here on
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, handle), "open object database")
        objectDatabase = odb
    }

    /// Writes a blob straight into the in-memory pack (`.packed` mode) unless it is queued
    /// already or stored already; nil in `.loose` mode. Skips libgit2's generic write
    /// path, which looks for every new object in the loose folder and rescans the pack
    /// folder before writing it. `known` is the blob's id when the caller has it
    /// (`ObjectID.ofBlob`); else it is hashed here.
    ///
    /// "Stored already" means in a pack: a history is written as packs, and asking the
    /// whole database cost one `access` call per blob in the loose folder (17 ms of a
    /// 20,000-file recording). A loose copy of a blob, which git tools could have left,
    /// is missed, and the blob is packed again: git reads either copy.
    func queueBlob(_ bytes: UnsafeRawBufferPointer, id known: ObjectID? = nil) throws(GitError) -> ObjectID? {
        guard let mempack, let write = mempack.pointee.write else { return nil }
        guard let base = bytes.baseAddress else { return nil }  // the empty blob: libgit2's generic path
        var oid = known?.oid ?? git_oid()
        if known == nil { try check(git_odb_hash(&oid, base, bytes.count, GIT_OBJECT_BLOB), "hash blob") }
        let id = known ?? ObjectID(oid)
        if pendingSet.contains(id) { return id }
        if git_odb_exists_ext(try packs(), &oid, GIT_ODB_LOOKUP_NO_REFRESH.rawValue) == 1 { return id }
        try check(write(mempack, &oid, base, bytes.count, GIT_OBJECT_BLOB), "write blob")
        pending.append(id)
        pendingSet.insert(id)
        return id
    }

    /// The repository's packs as a database of their own (opened once).
    private func packs() throws(GitError) -> OpaquePointer {
        if let packsOnly { return packsOnly }
        var odb: OpaquePointer?
        try check(git_odb_new(&odb), "open the packs")
        guard let odb else { throw GitError(code: .other(-1), operation: "open the packs", message: "none") }
        var backend: UnsafeMutablePointer<git_odb_backend>?
        var status = git_odb_backend_pack(&backend, path + "/objects")
        if status == 0, let backend {
            status = git_odb_add_backend(odb, backend, 1)
            if status < 0 { backend.pointee.free?(backend) }
        }
        guard status >= 0 else {
            git_odb_free(odb)
            throw GitError.fromLibgit2(status, operation: "open the packs")
        }
        packsOnly = odb
        return odb
    }

    /// Notes an object written through libgit2 so that `flushObjects()` packs it when it
    /// landed in the in-memory pack (and not when it was stored already).
    func noteWritten(_ id: ObjectID) {
        guard let mempack, let exists = mempack.pointee.exists, !pendingSet.contains(id) else { return }
        var oid = id.oid
        if exists(mempack, &oid) == 1 {
            pending.append(id)
            pendingSet.insert(id)
        }
    }

    /// Writes every object queued since the last flush as one pack file (`.packed`
    /// mode); a no-op for `.loose` or when nothing new was written. Only the queued
    /// objects are packed (undeltified), never objects the repository holds already.
    public func flushObjects() throws(GitError) {
        guard let mempack, let read = mempack.pointee.read, !pending.isEmpty else { return }
        var writer = try PackWriter()
        defer { writer.close() }
        for id in pending {
            var oid = id.oid
            var data: UnsafeMutableRawPointer?
            var length = 0
            var type = GIT_OBJECT_INVALID
            try check(read(&data, &length, &type, mempack, &oid), "read queued object \(id)")
            defer { git_odb_backend_data_free(mempack, data) }
            try writer.append(type: Int(type.rawValue), data: UnsafeRawBufferPointer(start: data, count: length))
        }
        let pack = try writer.finish()
        // libgit2's indexer checks every object, writes the pack and its index into
        // objects/pack/ (temporary files, then renames) and adds them to the database.
        do {
            try writePack(pack)
        } catch {
            throw explainWriteFailure(error, packBytes: pack.count, objects: pending.count)
        }
        try check(git_mempack_reset(mempack), "reset in-memory pack")
        pending = []
        pendingSet = []
    }

    private func writePack(_ pack: [UInt8]) throws(GitError) {
        try withODB { (odb) throws(GitError) in
            var writepack: UnsafeMutablePointer<git_odb_writepack>?
            try check(git_odb_write_pack(&writepack, odb, nil, nil), "start pack")
            guard let writepack, let append = writepack.pointee.append, let commit = writepack.pointee.commit else {
                throw GitError(code: .other(-1), operation: "start pack", message: "no pack writer")
            }
            defer { writepack.pointee.free?(writepack) }
            var progress = git_indexer_progress()
            try check(pack.withUnsafeBytes { append(writepack, $0.baseAddress, $0.count, &progress) }, "write pack")
            try check(commit(writepack, &progress), "index pack")
            try check(git_odb_refresh(odb), "refresh object database")
            if let packsOnly { try check(git_odb_refresh(packsOnly), "refresh the packs") }
        }
    }

    /// Drops every object queued since the last flush (after a failed record, say), so
    /// that the next flush packs only what the next record writes.
    public func discardPendingObjects() {
        if let mempack { _ = git_mempack_reset(mempack) }
        pending = []
        pendingSet = []
    }
}

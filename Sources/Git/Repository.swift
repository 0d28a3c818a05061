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
    /// Objects written since the last flush (some may already have been on disk).
    var pendingObjects: [git_oid] = []

    private init(handle: OpaquePointer, writing: ObjectWriting) throws(GitError) {
        self.handle = handle
        var gitdir = git_repository_path(handle).map { String(cString: $0) } ?? ""
        while gitdir.count > 1 && gitdir.hasSuffix("/") { gitdir.removeLast() }
        path = gitdir
        isBare = git_repository_is_bare(handle) == 1
        if writing == .packed { try attachMempack() }
    }

    deinit { git_repository_free(handle) }

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
    }

    /// Writes every object queued since the last flush as one pack file (`.packed`
    /// mode); a no-op for `.loose` or when nothing was written.
    ///
    /// Only the queued objects themselves are packed (`git_mempack_dump` in libgit2 1.5
    /// would pack every commit's whole tree again, objects already on disk included).
    public func flushObjects() throws(GitError) {
        guard let mempack, !pendingObjects.isEmpty else { return }
        defer { discardPendingObjects() }
        var builder: OpaquePointer?
        try check(git_packbuilder_new(&builder, handle), "pack new objects")
        guard let builder else { return }
        defer { git_packbuilder_free(builder) }
        _ = git_packbuilder_set_threads(builder, 1)
        var seen = Set<ObjectID>()
        for var oid in pendingObjects where seen.insert(ObjectID(oid)).inserted {
            // Objects libgit2 found on disk were never queued in memory: skip them.
            guard mempack.pointee.exists?(mempack, &oid) == 1 else { continue }
            try check(git_packbuilder_insert(builder, &oid, nil), "pack new objects")
        }
        guard git_packbuilder_object_count(builder) > 0 else { return }
        var buffer = git_buf()
        defer { git_buf_dispose(&buffer) }
        try check(git_packbuilder_write_buf(&buffer, builder), "pack new objects")
        guard let bytes = buffer.ptr else { return }
        try withODB { (odb) throws(GitError) in
            var writer: UnsafeMutablePointer<git_odb_writepack>?
            try check(git_odb_write_pack(&writer, odb, nil, nil), "start writing pack")
            guard let writer else { return }
            defer { writer.pointee.free?(writer) }
            var progress = git_indexer_progress()
            try check(writer.pointee.append?(writer, bytes, buffer.size, &progress) ?? -1, "write pack")
            try check(writer.pointee.commit?(writer, &progress) ?? -1, "index pack")
            // Let the pack backend see the new pack, so objects in it are not queued again.
            try check(git_odb_refresh(odb), "refresh object database")
        }
    }

    /// Drops every object queued since the last flush (after a failed write, say).
    public func discardPendingObjects() {
        if let mempack { _ = git_mempack_reset(mempack) }
        pendingObjects.removeAll()
    }
}

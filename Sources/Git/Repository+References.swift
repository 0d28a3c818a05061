#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLibgit2

extension Repository {
    /// Whether `name` (a full name such as `refs/heads/x`) is a valid reference name.
    public static func isValidReferenceName(_ name: String) -> Bool {
        // May run before any repository is opened (argument checks): libgit2 must be set up.
        guard (try? GitRuntime.ensureInitialized()) != nil else { return false }
        var valid: Int32 = 0
        return git_reference_name_is_valid(&valid, name) == 0 && valid == 1
    }

    /// The commit a reference points at (following symbolic references), nil when absent.
    public func referenceTarget(_ name: String) throws(GitError) -> ObjectID? {
        var oid = git_oid()
        let status = git_reference_name_to_id(&oid, handle, name)
        if status == GIT_ENOTFOUND.rawValue { return nil }
        try check(status, "read reference \(name)")
        return ObjectID(oid)
    }

    /// Every reference whose full name matches `glob` (`refs/heads/*`, `refs/tags/*`),
    /// with the id it resolves to, sorted by name. Dangling symbolic references are skipped;
    /// a branch file that does not parse is damage (libgit2 would skip it silently).
    public func references(matching glob: String) throws(GitError) -> [(name: String, target: ObjectID)] {
        if glob.hasPrefix("refs/heads/"), let damaged = unparsableLooseReferences(under: "refs/heads").first {
            throw GitError(code: .damaged, operation: "list references \(glob)",
                           message: "the branch file \(damaged) does not parse")
        }
        var iterator: OpaquePointer?
        try check(git_reference_iterator_glob_new(&iterator, handle, glob), "list references \(glob)")
        defer { git_reference_iterator_free(iterator) }
        var out: [(name: String, target: ObjectID)] = []
        while true {
            var ref: OpaquePointer?
            let status = git_reference_next(&ref, iterator)
            if status == GIT_ITEROVER.rawValue { break }
            try check(status, "list references \(glob)")
            defer { git_reference_free(ref) }
            guard let name = git_reference_name(ref) else { continue }
            // A direct reference carries its id: resolving it would look it up again by
            // name (a stat of the loose file and of packed-refs, per reference).
            if git_reference_type(ref) == GIT_REFERENCE_DIRECT, let target = git_reference_target(ref) {
                out.append((String(cString: name), ObjectID(target)))
                continue
            }
            var resolved: OpaquePointer?
            guard git_reference_resolve(&resolved, ref) == 0 else { continue }
            defer { git_reference_free(resolved) }
            if let target = git_reference_target(resolved) { out.append((String(cString: name), ObjectID(target))) }
        }
        return out.sorted { $0.name < $1.name }
    }

    /// Creates a reference only when it does not exist yet. Throws `.concurrentUpdate`
    /// when it exists, `.locked` when its lock file is held.
    public func createReference(_ name: String, target: ObjectID, message: String) throws(GitError) {
        try updateReference(name, to: target, expected: nil, message: message)
    }

    /// Moves a reference with compare-and-swap: succeeds only when it currently points at
    /// `expected` (or, for nil, does not exist). A lost race throws `.concurrentUpdate`;
    /// a held lock throws `.locked` naming the lock file.
    public func updateReference(_ name: String, to target: ObjectID, expected: ObjectID?,
                                message: String) throws(GitError) {
        var newOID = target.oid
        var ref: OpaquePointer?
        // The old value is compared under the reference's lock. For "must not exist yet"
        // the expected value is the zero id: plain `git_reference_create` without force
        // checks existence before taking the lock, so two creators could both succeed.
        var current = expected?.oid ?? git_oid()
        try breakingStaleLock(name) { () throws(GitError) in
            let status = git_reference_create_matching(&ref, handle, name, &newOID, 1, &current, message)
            git_reference_free(ref)
            if status == GIT_ENOTFOUND.rawValue && expected != nil {
                // The reference vanished under us: also a lost race.
                throw GitError(code: .concurrentUpdate, operation: "update reference \(name)", message: "reference was deleted")
            }
            do throws(GitError) {
                try check(status, "update reference \(name)")
            } catch {
                var error = error
                if error.code == .locked { error.lockPath = heldLock(for: name) }
                throw error
            }
        }
    }

    /// Points HEAD at `reference` (a full reference name), symbolically.
    public func setHead(to reference: String) throws(GitError) {
        try breakingStaleLock("HEAD") { () throws(GitError) in
            var ref: OpaquePointer?
            let status = git_reference_symbolic_create(&ref, handle, "HEAD", reference, 1, "bundlediff: set HEAD")
            git_reference_free(ref)
            do throws(GitError) {
                try check(status, "set HEAD to \(reference)")
            } catch {
                var error = error
                if error.code == .locked { error.lockPath = "\(path)/HEAD.lock" }
                throw error
            }
        }
    }

    /// The reference HEAD names when symbolic (it may not exist yet: an unborn branch).
    public func headReferenceName() throws(GitError) -> String? {
        var ref: OpaquePointer?
        let status = git_reference_lookup(&ref, handle, "HEAD")
        if status == GIT_ENOTFOUND.rawValue { return nil }
        try check(status, "read HEAD")
        defer { git_reference_free(ref) }
        guard git_reference_type(ref) == GIT_REFERENCE_SYMBOLIC,
              let target = git_reference_symbolic_target(ref) else { return nil }
        return String(cString: target)
    }

    /// The lock file that blocks updating `name`, when one exists on disk.
    private func heldLock(for name: String) -> String? {
        let candidates = ["\(path)/\(name).lock", "\(path)/packed-refs.lock"]
        return candidates.first { access($0, F_OK) == 0 } ?? candidates.first
    }
}

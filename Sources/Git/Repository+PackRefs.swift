#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLibgit2

extension Repository {
    /// The files under `refs/`: how many loose references (files not ending in `.lock`)
    /// and the paths of the reference lock files (`….lock`). The walk is not cut short:
    /// recordings pack the loose references once more than `HistoryStore`'s limit lie
    /// there, so it stays a walk of about that many entries.
    public func looseReferenceFiles() -> (count: Int, locks: [String]) {
        var count = 0
        var locks: [String] = []
        var folders = [path + "/refs"]
        while let folder = folders.popLast() {
            guard let dir = opendir(folder) else { continue }
            defer { closedir(dir) }
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let full = folder + "/" + name
                var isFolder = Int32(entry.pointee.d_type) == Int32(DT_DIR)
                if Int32(entry.pointee.d_type) == Int32(DT_UNKNOWN) {
                    var info = stat()
                    guard lstat(full, &info) == 0 else { continue }
                    isFolder = (info.st_mode & S_IFMT) == S_IFDIR
                }
                if isFolder {
                    folders.append(full)
                } else if name.hasSuffix(".lock") {
                    locks.append(full)
                } else {
                    count += 1
                }
            }
        }
        return (count, locks)
    }

    /// Moves every loose reference into `packed-refs` and deletes the loose files, as
    /// `git pack-refs --all` does (libgit2's `git_refdb_compress`): each loose file is
    /// deleted under its own lock, and only while it still names what was packed, so a
    /// reference moved meanwhile stays loose and wins. Tags are stored with their peeled
    /// value where they have one. A held `packed-refs.lock` throws `.locked` (a stale one
    /// is removed first when `breaksStaleLocks` is on).
    public func packReferences() throws(GitError) {
        var refdb: OpaquePointer?
        try check(git_repository_refdb(&refdb, handle), "open the reference database")
        defer { git_refdb_free(refdb) }
        try breakingStaleLock("packed-refs") { () throws(GitError) in
            try check(git_refdb_compress(refdb), "pack references")
        }
    }
}

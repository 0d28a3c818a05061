#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLibgit2
import FoundationEssentials

extension Repository {
    /// Runs the libgit2 read `read` and returns its status; when it fails other than by a
    /// miss, refreshes the object database and runs it once more. Another process may
    /// delete packs this handle still lists (a recording merging packs, `git repack`).
    /// libgit2 refreshes by itself on a miss, but a read through a multi-pack-index it
    /// still holds reaches the deleted pack and fails ("invalid packfile"); after the
    /// refresh the index is dropped, and the object is found in the merged pack.
    func readAgainAfterRefresh(_ read: () -> Int32) -> Int32 {
        let status = read()
        guard status < 0, status != GIT_ENOTFOUND.rawValue,
              (try? withODB({ odb in git_odb_refresh(odb) })) == 0 else { return status }
        return read()
    }

    /// The error for a failed read of an object the history refers to. libgit2 skips
    /// pack files it may not open, so an object in one looks missing: name the file.
    func objectReadError(_ status: Int32, kind: String, id: ObjectID) -> GitError {
        var error = GitError.objectRead(status, kind: kind, id: id)
        if error.code == .damaged, error.message.hasSuffix(" is missing"), let file = unreadableObjectFile() {
            error.code = .other(status)
            error.message = "\(file) is not readable (permission denied)"
        }
        return error
    }

    /// The first folder or file of the object database this process may not read.
    func unreadableObjectFile() -> String? {
        let objects = path + "/objects"
        let pack = objects + "/pack"
        for folder in [objects, pack] where access(folder, R_OK | X_OK) != 0 { return folder }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: pack)) ?? []
        for name in names.sorted() where name.hasSuffix(".pack") || name.hasSuffix(".idx") {
            if access(pack + "/" + name, R_OK) != 0 { return pack + "/" + name }
        }
        return nil
    }

    /// The owner of `path` (or of its `.git`) when it looks like a repository that
    /// belongs to another user: libgit2 1.5 then refuses to open it and reports only
    /// that `safe.directory` is not set.
    static func foreignOwner(of path: String) -> uid_t? {
        for gitdir in [path, path + "/.git"] {
            var info = stat()
            guard stat(gitdir, &info) == 0, access(gitdir + "/HEAD", F_OK) == 0 else { continue }
            return info.st_uid != geteuid() ? info.st_uid : nil
        }
        return nil
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

extension Repository {
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

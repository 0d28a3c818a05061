#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import Platform

extension Repository {
    /// How old a reference's lock file must be before a writer that holds the history's
    /// writer lock removes it as left behind by a killed process.
    public static let staleLockAge: Double = 2

    /// Runs `body` (one reference write); when it finds `<name>.lock` held and
    /// `breaksStaleLocks` is on, waits until the lock goes away or is `staleLockAge`
    /// seconds old, removes a stale one, and runs `body` once more.
    ///
    /// Only the caller knows that no live bundlediff can hold the lock (it holds the
    /// history's writer lock); a live git would hold a reference lock for milliseconds,
    /// never seconds.
    func breakingStaleLock<T>(_ name: String, _ body: () throws(GitError) -> T) throws(GitError) -> T {
        do {
            return try body()
        } catch where error.code == .locked && breaksStaleLocks {
            guard removeOnceStale("\(path)/\(name).lock") else { throw error }
            return try body()
        }
    }

    /// Removes the reference lock files a killed writer left: `packed-refs.lock` and every
    /// `….lock` under `refs/` (from `looseReferenceFiles`). A lock nobody rewrites (a
    /// tag's, left by a killed `packReferences`) would otherwise stay for good. Each is
    /// waited for until it goes away or is `staleLockAge` seconds old, as in
    /// `breakingStaleLock`. Only with `breaksStaleLocks` on; returns how many went.
    @discardableResult
    public func removeStaleReferenceLocks(_ locks: [String]) -> Int {
        guard breaksStaleLocks else { return 0 }
        var candidates = locks
        if access(path + "/packed-refs.lock", F_OK) == 0 { candidates.append(path + "/packed-refs.lock") }
        return candidates.filter { removeOnceStale($0) }.count
    }

    /// Waits until `lock` is gone or `staleLockAge` seconds old and removes it in the
    /// second case. False when it could not be removed.
    private func removeOnceStale(_ lock: String) -> Bool {
        while true {
            var info = stat()
            guard lstat(lock, &info) == 0 else { return true }  // released meanwhile
            let age = Date().timeIntervalSince1970 - modificationTime(info)
            if age >= Self.staleLockAge {
                guard unlink(lock) == 0 || errno == ENOENT else { return false }
                brokenLocks.append(lock)
                return true
            }
            DetachedThread.sleep(seconds: min(0.05, Self.staleLockAge - age))
        }
    }

    /// Removes temporary files of pack writes that never finished (`pack_git2_*`: the
    /// pack and its index lock, left when a writer was killed) once they are `age`
    /// seconds old; they hold nothing any reference needs. Returns how many went.
    @discardableResult
    public func removeAbandonedPackFiles(olderThan age: Double) -> Int {
        let folder = path + "/objects/pack"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return 0 }
        let now = Date().timeIntervalSince1970
        var removed = 0
        for name in names where name.hasPrefix("pack_git2_") {
            var info = stat()
            let file = folder + "/" + name
            guard lstat(file, &info) == 0, now - modificationTime(info) >= age else { continue }
            if unlink(file) == 0 { removed += 1 }
        }
        return removed
    }
}

/// A file's modification time in seconds since 1970 (`st_mtim` on Linux, `st_mtimespec` on
/// Darwin).
private func modificationTime(_ info: stat) -> Double {
    #if canImport(Darwin)
    let time = info.st_mtimespec
    #else
    let time = info.st_mtim
    #endif
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

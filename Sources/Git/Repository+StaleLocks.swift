#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

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
            let lock = "\(path)/\(name).lock"
            while true {
                var info = stat()
                guard lstat(lock, &info) == 0 else { break }  // released meanwhile
                let age = Date().timeIntervalSince1970
                    - (Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
                if age >= Self.staleLockAge {
                    guard unlink(lock) == 0 || errno == ENOENT else { throw error }
                    brokenLocks.append(lock)
                    break
                }
                Thread.sleep(forTimeInterval: min(0.05, Self.staleLockAge - age))
            }
            return try body()
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import Platform

/// The history's writer lock: an advisory `flock` on `<git dir>/bundlediff-writer.flock`
/// that a recording holds while it writes its pack and moves references. Unlike git's
/// `*.lock` files, the kernel drops it when the holder dies (even by SIGKILL), so it is
/// never left behind. Whoever holds it knows that no live bundlediff is writing: a
/// reference `*.lock` it finds then was left by a killed process (or by a git command,
/// which holds one for milliseconds) and may be removed once it is a few seconds old.
final class WriterLock {
    static let fileName = "bundlediff-writer.flock"
    /// How long to wait for another recording to finish before giving up.
    static let patience: Double = 120
    private var fd: Int32

    private init(fd: Int32) { self.fd = fd }

    deinit { release() }

    /// Takes the lock of the repository at `gitDirectory`, waiting for other writers.
    /// Nil when the lock file cannot be made (a read-only or full file system): the
    /// recording then goes on without it, and stale `*.lock` files are not removed.
    static func acquire(gitDirectory: String, history: String) throws(StoreError) -> WriterLock? {
        let fd = open(gitDirectory + "/" + fileName, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return nil }
        let started = Date()
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                close(fd)
                return nil  // flock unsupported here: go on without it
            }
            if Date().timeIntervalSince(started) > patience {
                close(fd)
                throw StoreError(.locked, repository: history, "another bundlediff has been recording into this "
                                 + "history for over \(Int(patience)) s (it holds \(gitDirectory)/\(fileName))")
            }
            DetachedThread.sleep(seconds: Double.random(in: 0.001...0.01))
        }
        return WriterLock(fd: fd)
    }

    /// Drops the lock (closing the file drops it too).
    func release() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
    }
}

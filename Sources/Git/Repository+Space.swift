#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Repository {
    /// Rewrites a failed pack write as "No space left on device" when the repository's
    /// file system lacks the room for the pack and its index. On a full disk libgit2
    /// does not always say so: a write it made through a mapping comes back as a
    /// missing pack entry ("failed to find pack entry") when the indexer reads it.
    func explainWriteFailure(_ error: GitError, packBytes: Int, objects: Int) -> GitError {
        guard !error.message.utf8.contains("No space left".utf8), let free = freeBytes() else { return error }
        // The index: 1,072 bytes of header and fan-out, 28 per object, and the trailer.
        let needed = UInt64(packBytes) + 1_112 + 28 * UInt64(objects)
        guard free < needed else { return error }
        var explained = error
        explained.message = "No space left on device: the new objects take \(needed) bytes, "
            + "\(free) are free (\(error.message))"
        return explained
    }

    /// Bytes an unprivileged writer may still use on the repository's file system.
    private func freeBytes() -> UInt64? {
        var info = statvfs()
        guard statvfs(path + "/objects", &info) == 0 else { return nil }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize)
    }
}

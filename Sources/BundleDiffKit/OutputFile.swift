#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way every command writes a file it was asked to (`-o`, `--write-baseline`):
/// as a shell redirection (`> file`) would, except that a regular file is never seen
/// half-written.
///
/// - A symbolic link is followed (also a dangling one: its target is created).
/// - A character device, FIFO or other special file is written in place: `/dev/null`
///   stays `/dev/null`, and a write error such as `ENOSPC` on `/dev/full` is reported.
/// - A regular file is replaced atomically: the text goes to a temporary file in the same
///   folder, is synced, then renamed over it, keeping the old file's mode (and owner,
///   where allowed). A failed write leaves the old file as it was.
public enum OutputFile {
    /// Writes `text` to `path`; `what` names the content in messages ("the report").
    public static func write(_ text: String, to path: String, what: String) throws(UserFacingError) {
        try write(Array(text.utf8), to: path, what: what)
    }

    /// Writes `bytes` to `path`; `what` names the content in messages ("the report").
    public static func write(_ bytes: [UInt8], to path: String, what: String) throws(UserFacingError) {
        func fail(_ why: String) -> UserFacingError {
            UserFacingError("\(path.isEmpty ? "''" : path): cannot write \(what): \(why)")
        }
        guard !path.isEmpty else { throw fail("the file name is empty") }
        let (target, existing) = try resolve(path, fail)
        if let existing {
            switch existing.st_mode & S_IFMT {
            case S_IFDIR: throw fail("it is a folder")
            case S_IFREG: try replace(target, with: bytes, keeping: existing, fail)
            default: try writeInPlace(target, bytes, fail)
            }
        } else {
            try replace(target, with: bytes, keeping: nil, fail)
        }
    }

    /// The file a redirection to `path` writes: symbolic links followed to the end (at
    /// most 40, as the kernel allows), with its status, or nil when it does not exist yet.
    private static func resolve(_ path: String, _ fail: (String) -> UserFacingError)
        throws(UserFacingError) -> (String, stat?) {
        var current = path
        for _ in 0...40 {
            var st = stat()
            if lstat(current, &st) != 0 {
                let code = errno
                if code == ENOENT { return (current, nil) }
                throw fail(message(code))
            }
            guard st.st_mode & S_IFMT == S_IFLNK else { return (current, st) }
            guard let link = readLink(current) else { throw fail(message(errno)) }
            current = link.hasPrefix("/") ? link : folder(of: current) + "/" + link
        }
        throw fail(message(ELOOP))
    }

    /// Writes a special file (device, FIFO) where it is, as `>` does.
    private static func writeInPlace(_ target: String, _ bytes: [UInt8], _ fail: (String) -> UserFacingError)
        throws(UserFacingError) {
        let fd = open(target, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw fail(message(errno)) }
        let written = writeAll(fd, bytes)
        let closed = close(fd) == 0 ? 0 : errno
        if written != 0 { throw fail(message(written)) }
        if closed != 0 && closed != EINTR { throw fail(message(closed)) }
    }

    /// Replaces (or creates) the regular file `target` whole: a temporary file in its
    /// folder, written, synced and renamed over it.
    private static func replace(_ target: String, with bytes: [UInt8], keeping old: stat?,
                                _ fail: (String) -> UserFacingError) throws(UserFacingError) {
        let directory = folder(of: target)
        let (fd, temporary) = try createTemporary(in: directory, fail)
        var problem: Int32 = 0
        if let old {
            // As root, give the file back to its owner; elsewhere this fails harmlessly.
            if old.st_uid != geteuid() || old.st_gid != getegid() { _ = fchown(fd, old.st_uid, old.st_gid) }
            if fchmod(fd, old.st_mode & 0o7777) != 0 { problem = errno }
        }
        if problem == 0 { problem = writeAll(fd, bytes) }
        if problem == 0 && fsync(fd) != 0 { problem = errno }
        if close(fd) != 0 && problem == 0 && errno != EINTR { problem = errno }
        if problem == 0 && rename(temporary, target) != 0 { problem = errno }
        guard problem == 0 else {
            unlink(temporary)
            throw fail(message(problem))
        }
        syncFolder(directory)
    }

    /// A new, empty file `.bundlediff-<random>.tmp` in `directory`, created with the
    /// mode a redirection gives (0666 less the umask).
    private static func createTemporary(in directory: String, _ fail: (String) -> UserFacingError)
        throws(UserFacingError) -> (Int32, String) {
        for _ in 0..<100 {
            let name = directory + "/.bundlediff-" + String(UInt64.random(in: 0...UInt64.max), radix: 36) + ".tmp"
            let fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 { return (fd, name) }
            let code = errno
            switch code {
            case EEXIST, EINTR: continue
            case ENOENT: throw fail("the folder \(directory) does not exist")
            case ENOTDIR: throw fail("\(directory) is not a folder")
            default: throw fail(message(code))
            }
        }
        throw fail("cannot create a temporary file in \(directory)")
    }

    /// Writes every byte, retrying on EINTR; 0 or the errno of the failure.
    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { raw in
                #if canImport(Glibc)
                Glibc.write(fd, raw.baseAddress, raw.count)
                #else
                Darwin.write(fd, raw.baseAddress, raw.count)
                #endif
            }
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if n == 0 { return EIO }
            offset += n
        }
        return 0
    }

    /// Makes the rename durable; best effort (some file systems refuse to sync a folder).
    private static func syncFolder(_ directory: String) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    /// The folder part of `path` (`.` for a bare name, `/` for a name in the root).
    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let head = path[..<slash]
        return head.isEmpty ? "/" : String(head)
    }

    /// The target of the symbolic link at `path`, or nil (with errno set).
    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n >= 0 else { return nil }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `no space left on device`: strerror in lower case.
    private static func message(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        let s = String(cString: text)
        return s.prefix(1).lowercased() + s.dropFirst()
    }
}

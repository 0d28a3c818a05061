#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin helpers over the POSIX calls the readers use; names are raw bytes throughout.
enum Posix {
    static let typeMask: UInt32 = 0o170000
    static let typeDirectory: UInt32 = 0o040000
    static let typeRegular: UInt32 = 0o100000
    static let typeSymlink: UInt32 = 0o120000
    static let typeFIFO: UInt32 = 0o010000
    static let typeSocket: UInt32 = 0o140000
    static let typeCharDevice: UInt32 = 0o020000
    static let typeBlockDevice: UInt32 = 0o060000
    static let ownerExecute: UInt32 = 0o100

    /// A short description of an errno value (`permission denied`).
    static func message(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        let s = String(cString: text)
        return s.prefix(1).lowercased() + s.dropFirst()
    }

    /// Why a non-regular, non-directory, non-symlink entry cannot be recorded.
    static func describeSpecial(mode: UInt32) -> String? {
        switch mode & typeMask {
        case typeFIFO: "is a FIFO, not a regular file"
        case typeSocket: "is a socket, not a regular file"
        case typeCharDevice: "is a character device, not a regular file"
        case typeBlockDevice: "is a block device, not a regular file"
        case typeRegular, typeDirectory, typeSymlink: nil
        default: "has an unknown file type, not a regular file"
        }
    }

    /// Runs `body` with `bytes` as a NUL-terminated C string.
    static func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        var copy = bytes
        copy.append(0)
        return copy.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                // A buffer made from a non-empty array always has a base address.
                guard let base = chars.baseAddress else { return body("") }
                return body(base)
            }
        }
    }

    /// `fstatat` without following a final symlink.
    static func lstatAt(_ dirFD: Int32, _ name: [UInt8]) -> (stat?, Int32) {
        var st = stat()
        let rc = withCString(name) { fstatat(dirFD, $0, &st, AT_SYMLINK_NOFOLLOW) }
        return rc == 0 ? (st, 0) : (nil, errno)
    }

    /// Opens `name` relative to `dirFD`, retrying on EINTR.
    static func openAt(_ dirFD: Int32, _ name: [UInt8], _ flags: Int32) -> (Int32, Int32) {
        while true {
            let fd = withCString(name) { openat(dirFD, $0, flags | O_CLOEXEC) }
            if fd >= 0 { return (fd, 0) }
            if errno != EINTR { return (-1, errno) }
        }
    }

    /// Reads a symlink's raw target.
    static func readLinkAt(_ dirFD: Int32, _ name: [UInt8], sizeHint: Int) -> ([UInt8]?, Int32) {
        var capacity = max(64, sizeHint + 1)
        while capacity <= 1 << 20 {
            var buffer = [UInt8](repeating: 0, count: capacity)
            let n = withCString(name) { cName in
                buffer.withUnsafeMutableBytes { raw -> Int in
                    guard let base = raw.baseAddress else { return -1 }
                    return readlinkat(dirFD, cName, base.assumingMemoryBound(to: CChar.self), capacity)
                }
            }
            if n < 0 { return (nil, errno) }
            if n < capacity { return (Array(buffer[0..<n]), 0) }
            capacity *= 2
        }
        return (nil, ENAMETOOLONG)
    }

    /// `pread` until `count` bytes are read or the file ends; returns bytes read or -errno.
    static func preadFully(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int,
                           _ offset: UInt64) -> Int {
        var done = 0
        while done < count {
            let (position, overflow) = offset.addingReportingOverflow(UInt64(done))
            guard !overflow, position <= UInt64(Int64.max) else { return -Int(EINVAL) }
            let n = pread(fd, buffer + done, count - done, off_t(position))
            if n < 0 {
                if errno == EINTR { continue }
                return -Int(errno)
            }
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// Reads exactly `count` bytes at `offset` into a new array; nil on a short read or error.
    static func readBytes(_ fd: Int32, count: Int, at offset: UInt64) -> [UInt8]? {
        guard count >= 0 else { return nil }
        if count == 0 { return [] }
        var out = [UInt8](repeating: 0, count: count)
        let n = out.withUnsafeMutableBytes { raw -> Int in
            guard let base = raw.baseAddress else { return -1 }
            return preadFully(fd, base, count, offset)
        }
        return n == count ? out : nil
    }
}

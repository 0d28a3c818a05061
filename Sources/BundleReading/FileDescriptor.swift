#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open file descriptor closed on deinit. Only used with `pread`, which is safe to
/// call from several threads at once.
final class FileDescriptor: @unchecked Sendable {
    let fd: Int32

    init(_ fd: Int32) { self.fd = fd }

    deinit { close(fd) }
}

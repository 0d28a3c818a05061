#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The size and status-change time of an open file: taken when an archive is opened and
/// compared after its entries are read, so that an archive written to meanwhile is
/// reported as changed, not as corrupt, and never recorded with mixed content.
struct FileStamp: Equatable {
    var size: Int64
    var changeTime: ChangeTime

    init?(fd: Int32) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        size = Int64(info.st_size)
        changeTime = ChangeTime(info)
    }

    /// Throws "changed while it was being read" when the file no longer matches `self`.
    func checkUnchanged(fd: Int32, display: String) throws(InputError) {
        guard FileStamp(fd: fd) == self else { throw InputError(file: display, "changed while it was being read") }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the regular files a `DirectoryWalker` found: opened without following symlinks,
/// checked to be the very file that was listed, read with `pread` into a 1 MiB buffer.
/// A file that vanished, was replaced, or was written to between the listing and the
/// end of its read (its size or status-change time moved) is an error, never a record
/// of mixed content. A write within the same clock tick as the listing (a few ms) may
/// go unseen: timestamps are that coarse.
struct DirectorySource: ContentSource {
    let walker: DirectoryWalker
    let files: [WalkedFile]

    static let bufferSize = 1 << 20

    func makeWorker() throws(InputError) -> ReadBuffer {
        ReadBuffer(size: Self.bufferSize)
    }

    func read(_ index: Int, worker: inout ReadBuffer,
              sink: (UnsafeRawBufferPointer) -> Void) throws(InputError) {
        let file = files[index]
        let fd = try open(file)
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw failure(file, "cannot be read: \(Posix.message(errno))") }
        guard UInt64(st.st_dev) == file.device, UInt64(st.st_ino) == file.inode,
              UInt32(st.st_mode) & Posix.typeMask == Posix.typeRegular, ChangeTime(st) == file.changeTime else {
            throw failure(file, "changed while it was being read")
        }
        var offset: UInt64 = 0
        while true {
            let n = Posix.preadFully(fd, worker.base, worker.count, offset)
            if n < 0 { throw failure(file, "cannot be read: \(Posix.message(Int32(-n)))") }
            if n == 0 { break }
            offset += UInt64(n)
            guard offset <= file.size else { throw failure(file, "changed while it was being read (grew)") }
            sink(UnsafeRawBufferPointer(start: worker.base, count: n))
            if n < worker.count { break }
        }
        guard offset == file.size else { throw failure(file, "changed while it was being read (shrank)") }
        guard fstat(fd, &st) == 0 else { throw failure(file, "cannot be read: \(Posix.message(errno))") }
        guard UInt64(max(0, st.st_size)) == file.size, ChangeTime(st) == file.changeTime else {
            throw failure(file, "changed while it was being read")
        }
    }

    /// Opens the file without following a symlink at its name; very long paths are opened
    /// one directory at a time (never following symlinks there either).
    private func open(_ file: WalkedFile) throws(InputError) -> Int32 {
        let full = walker.rootPath + [UInt8(ascii: "/")] + file.relative
        if full.count < 3_800 {
            let (fd, err) = Posix.openAt(AT_FDCWD, full, O_RDONLY | O_NOFOLLOW)
            guard fd >= 0 else { throw openFailure(file, err) }
            return fd
        }
        var (current, err) = Posix.openAt(AT_FDCWD, walker.rootPath, O_RDONLY | O_DIRECTORY)
        guard current >= 0 else { throw failure(file, "cannot be read: \(Posix.message(err))") }
        let parts = file.relative.split(separator: UInt8(ascii: "/")).map(Array.init)
        for (i, part) in parts.enumerated() {
            let last = i == parts.count - 1
            let flags = last ? O_RDONLY | O_NOFOLLOW : O_RDONLY | O_DIRECTORY | O_NOFOLLOW
            let (next, code) = Posix.openAt(current, part, flags)
            close(current)
            guard next >= 0 else { throw openFailure(file, code) }
            current = next
            err = code
        }
        return current
    }

    /// A listed file that is gone now was deleted (or moved) while the build was read.
    private func openFailure(_ file: WalkedFile, _ code: Int32) -> InputError {
        if code == ENOENT { return failure(file, "vanished while the build was being read") }
        return failure(file, "cannot be read: \(Posix.message(code))")
    }

    private func failure(_ file: WalkedFile, _ problem: String) -> InputError {
        InputError(file: walker.displayPath(file.relative), problem)
    }
}

import BundleModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TextSafety

/// One regular file found by `DirectoryWalker`, to be hashed later.
struct WalkedFile: Sendable {
    /// Index into `DirectoryWalker.Result.entries`.
    var entryIndex: Int
    /// Path relative to the walked directory (raw bytes, `/`-separated).
    var relative: [UInt8]
    var device: UInt64
    var inode: UInt64
    var size: UInt64
    /// The status-change time at listing (`st_ctim`): any later write, truncation or
    /// replacement in place moves it, so reading can tell that the file changed.
    var changeTime: ChangeTime
}

/// A file's status-change time (seconds, nanoseconds).
struct ChangeTime: Equatable, Sendable {
    var seconds: Int64
    var nanoseconds: Int64

    init(_ info: stat) {
        #if canImport(Darwin)
        seconds = Int64(info.st_ctimespec.tv_sec)
        nanoseconds = Int64(info.st_ctimespec.tv_nsec)
        #else
        seconds = Int64(info.st_ctim.tv_sec)
        nanoseconds = Int64(info.st_ctim.tv_nsec)
        #endif
    }
}

/// Lists a directory tree with raw POSIX calls: names stay raw bytes, symlinks are recorded
/// and never followed, and the walk is iterative with one directory descriptor open at a
/// time, so a 10,000-deep chain neither overflows the stack nor runs out of descriptors.
struct DirectoryWalker {
    struct Result {
        var entries: [FileEntry] = []
        var files: [WalkedFile] = []
    }

    /// The directory to walk, as given (its own symlink, if any, is followed).
    let rootPath: [UInt8]
    /// Prepended to every recorded path (the bundle's own name), or root.
    let prefix: BundlePath
    let limits: ReadOptions.Limits
    /// Whether FIFOs and sockets are left out instead of refused: a data container holds
    /// them while the app runs (Realm's `default.realm.note`), and they hold no data. A
    /// build never does, and a device file is refused everywhere.
    let skipsPipesAndSockets: Bool

    init(rootPath: [UInt8], prefix: BundlePath, limits: ReadOptions.Limits, skipsPipesAndSockets: Bool = false) {
        var trimmed = rootPath
        while trimmed.count > 1, trimmed.last == UInt8(ascii: "/") { trimmed.removeLast() }
        self.rootPath = trimmed
        self.prefix = prefix
        self.limits = limits
        self.skipsPipesAndSockets = skipsPipesAndSockets
    }

    private struct Frame {
        var relative: [UInt8]
        var pending: [[UInt8]]
        var device: UInt64
        var inode: UInt64
    }

    func walk() throws(InputError) -> Result {
        var result = Result()
        var budget = ReadBudget(limits: limits)
        let (rootFD, err) = Posix.openAt(AT_FDCWD, rootPath, O_RDONLY | O_DIRECTORY)
        guard rootFD >= 0 else { throw failure([], "cannot be opened: \(Posix.message(err))") }
        var current = rootFD
        defer { close(current) }
        var st = stat()
        guard fstat(current, &st) == 0 else { throw failure([], "cannot be read: \(Posix.message(errno))") }
        let baseDepth = prefix.components.count
        if !prefix.isRoot { try record(FileEntry(path: prefix, kind: .directory), [], baseDepth, &result, &budget) }
        var stack = [Frame(relative: [], pending: try list(current, relative: [], depth: baseDepth + 1,
                                                           into: &result, budget: &budget),
                           device: UInt64(st.st_dev), inode: UInt64(st.st_ino))]
        while !stack.isEmpty {
            let top = stack.count - 1
            if let name = stack[top].pending.popLast() {
                let relative = join(stack[top].relative, name)
                let (fd, code) = Posix.openAt(current, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
                guard fd >= 0 else { throw failure(relative, "cannot be opened: \(Posix.message(code))") }
                close(current)
                current = fd
                guard fstat(current, &st) == 0 else {
                    throw failure(relative, "cannot be read: \(Posix.message(errno))")
                }
                // The stack holds the frames from the root down: the new one's children lie
                // one level below it.
                let pending = try list(current, relative: relative, depth: baseDepth + stack.count + 1,
                                       into: &result, budget: &budget)
                stack.append(Frame(relative: relative, pending: pending,
                                   device: UInt64(st.st_dev), inode: UInt64(st.st_ino)))
            } else {
                stack.removeLast()
                guard let parent = stack.last else { break }
                let (fd, code) = Posix.openAt(current, Array("..".utf8), O_RDONLY | O_DIRECTORY)
                guard fd >= 0 else { throw failure(parent.relative, "cannot be reopened: \(Posix.message(code))") }
                close(current)
                current = fd
                guard fstat(current, &st) == 0, UInt64(st.st_dev) == parent.device,
                      UInt64(st.st_ino) == parent.inode else {
                    throw failure(parent.relative, "changed while it was being read")
                }
            }
        }
        return result
    }

    /// Records the children of the open directory `fd`; returns its subdirectory names.
    private func list(_ fd: Int32, relative: [UInt8], depth: Int, into result: inout Result,
                      budget: inout ReadBudget) throws(InputError) -> [[UInt8]] {
        let names = try readNames(fd, relative: relative)
        var subdirectories: [[UInt8]] = []
        for name in names {
            let childRelative = join(relative, name)
            let path = prefix.appending(childRelative)
            let (info, code) = Posix.lstatAt(fd, name)
            guard let info else { throw failure(childRelative, "cannot be read: \(Posix.message(code))") }
            let mode = UInt32(info.st_mode)
            if skipsPipesAndSockets, mode & Posix.typeMask == Posix.typeFIFO || mode & Posix.typeMask == Posix.typeSocket {
                continue
            }
            if let special = Posix.describeSpecial(mode: mode) { throw failure(childRelative, special) }
            switch mode & Posix.typeMask {
            case Posix.typeDirectory:
                try record(FileEntry(path: path, kind: .directory), childRelative, depth, &result, &budget)
                subdirectories.append(name)
            case Posix.typeSymlink:
                let (target, err) = Posix.readLinkAt(fd, name, sizeHint: Int(info.st_size))
                guard let target else { throw failure(childRelative, "cannot be read: \(Posix.message(err))") }
                try record(FileEntry(path: path, kind: .symlink, size: UInt64(target.count), symlinkTarget: target),
                           childRelative, depth, &result, &budget)
            default:
                let size = UInt64(max(0, info.st_size))
                result.files.append(WalkedFile(entryIndex: result.entries.count, relative: childRelative,
                                               device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
                                               size: size, changeTime: ChangeTime(info)))
                try record(FileEntry(path: path, kind: .file, size: size, isExecutable: mode & Posix.ownerExecute != 0),
                           childRelative, depth, &result, &budget)
            }
        }
        // Visit subdirectories in byte order (popLast takes from the end).
        return subdirectories.sorted { $1.lexicographicallyPrecedes($0) }
    }

    /// Records `entry`, charging it to the build's budget (a too-deep entry is named,
    /// other limits name the build).
    private func record(_ entry: FileEntry, _ relative: [UInt8], _ depth: Int, _ result: inout Result,
                        _ budget: inout ReadBudget) throws(InputError) {
        if let exceeded = budget.charge(entry.path, depth: depth, kind: entry.kind, size: entry.size) {
            throw failure(exceeded == .depth ? relative : [], budget.message(exceeded))
        }
        result.entries.append(entry)
    }

    /// All names in the directory except `.` and `..`, as raw bytes.
    private func readNames(_ fd: Int32, relative: [UInt8]) throws(InputError) -> [[UInt8]] {
        let copy = dup(fd)
        guard copy >= 0, let dir = fdopendir(copy) else {
            let code = errno
            if copy >= 0 { close(copy) }
            throw failure(relative, "cannot be listed: \(Posix.message(code))")
        }
        defer { closedir(dir) }
        var names: [[UInt8]] = []
        while true {
            errno = 0
            guard let entry = readdir(dir) else {
                if errno != 0 { throw failure(relative, "cannot be listed: \(Posix.message(errno))") }
                break
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> [UInt8] in
                let bytes = raw.bindMemory(to: UInt8.self)
                let end = bytes.firstIndex(of: 0) ?? bytes.count
                return Array(bytes[0..<end])
            }
            if name == [0x2E] || name == [0x2E, 0x2E] || name.isEmpty { continue }
            names.append(name)
        }
        return names
    }

    private func join(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        a.isEmpty ? b : a + [UInt8(ascii: "/")] + b
    }

    /// The absolute (as given) path of a walked item, for messages.
    func displayPath(_ relative: [UInt8]) -> String {
        VisibleText.escape(bytes: relative.isEmpty ? rootPath : rootPath + [UInt8(ascii: "/")] + relative)
    }

    private func failure(_ relative: [UInt8], _ problem: String) -> InputError {
        InputError(file: displayPath(relative), problem)
    }
}

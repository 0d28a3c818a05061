import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh, unique temporary directory, removed (with everything in it, however deep or
/// oddly named) when the value is deinitialised.
///
///     let scratch = try ScratchDirectory()
///     let file = scratch.path("MyApp.ipa")
public final class ScratchDirectory: @unchecked Sendable {
    /// The absolute path of the directory.
    public let path: String

    /// Creates `$TMPDIR/<label>.XXXXXX`.
    public init(_ label: String = "bundlediff") throws {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/\(label).XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            return mkdtemp(base) != nil
        }
        guard made else { throw ScratchError("mkdtemp failed: errno \(errno)") }
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit { ScratchDirectory.removeTree(path) }

    /// `path/relative`.
    public func path(_ relative: String) -> String { path + "/" + relative }

    /// Removes a directory tree iteratively with one descriptor at a time (deep chains and
    /// non-UTF-8 names included); restores owner permissions on the way.
    public static func removeTree(_ root: String) {
        var fd = open(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            unlink(root)
            return
        }
        var stack: [[CChar]] = []
        while true {
            var descended = false
            for name in names(in: fd) {
                if unlinkat(fd, name, 0) == 0 { continue }
                _ = fchmodat(fd, name, 0o700, 0)
                if unlinkat(fd, name, AT_REMOVEDIR) == 0 { continue }
                let child = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if child < 0 { continue }
                close(fd)
                fd = child
                stack.append(name)
                descended = true
                break
            }
            if descended { continue }
            guard let name = stack.popLast() else { break }
            let parent = openat(fd, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            close(fd)
            guard parent >= 0 else { return }
            fd = parent
            unlinkat(fd, name, AT_REMOVEDIR)
        }
        close(fd)
        rmdir(root)
    }

    private static func names(in fd: Int32) -> [[CChar]] {
        let copy = dup(fd)
        guard copy >= 0, let dir = fdopendir(copy) else { return [] }
        defer { closedir(dir) }
        var out: [[CChar]] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> [CChar] in
                let bytes = raw.bindMemory(to: CChar.self)
                let end = bytes.firstIndex(of: 0) ?? bytes.count
                return Array(bytes[0..<end]) + [0]
            }
            if name == [46, 0] || name == [46, 46, 0] { continue }
            out.append(name)
        }
        return out
    }
}

/// A failure while writing fixtures (tests only).
public struct ScratchError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

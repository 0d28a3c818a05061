import BundleModel
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FixtureBuilder {
    /// Writes every node below `directory` (raw byte paths, symlinks never followed).
    /// `named` puts the nodes below `directory/named` (an xcarchive's content).
    /// `reversed` creates the nodes in the opposite order; `mtime` sets every file's and
    /// symlink's modification time (seconds since 1970). Returns the written root path:
    /// `directory/named`, or `directory/<first top-level name>`.
    @discardableResult
    public func writeDirectory(in directory: String, named: String? = nil, reversed: Bool = false,
                               mtime: Int? = nil) throws -> String {
        var base = Array(directory.utf8)
        if let named {
            base += [UInt8(ascii: "/")] + Array(named.utf8)
            try Self.makeDirectory(base)
        }
        var paths = nodes.keys.sorted()
        if reversed { paths.reverse() }
        for path in paths where nodes[path] == .directory {
            try Self.makeDirectory(base + [UInt8(ascii: "/")] + path.bytes)
        }
        for path in paths {
            let full = base + [UInt8(ascii: "/")] + path.bytes
            switch nodes[path] {
            case .file(let bytes, let executable):
                try Self.writeFile(full, bytes, mode: executable ? 0o755 : 0o644)
            case .symlink(let target):
                let rc = Self.cString(target) { t in Self.cString(full) { symlink(t, $0) } }
                guard rc == 0 else { throw ScratchError("symlink \(path): errno \(errno)") }
            case .directory, nil:
                continue
            }
            if let mtime {
                var times = [timespec(tv_sec: mtime, tv_nsec: 0), timespec(tv_sec: mtime, tv_nsec: 0)]
                _ = Self.cString(full) { utimensat(AT_FDCWD, $0, &times, AT_SYMLINK_NOFOLLOW) }
            }
        }
        if let named { return directory + "/" + named }
        return directory + "/" + (topLevelNames.first ?? "")
    }

    /// A zip of every node (directories, files with their modes, symlinks).
    public func zipWriter(method: ZipWriter.Method = .deflate) -> ZipWriter {
        var zip = ZipWriter()
        for path in nodes.keys.sorted() {
            switch nodes[path] {
            case .directory:
                zip.add(ZipWriter.Entry(name: path.bytes + [UInt8(ascii: "/")], data: [], method: .stored,
                                        unixMode: 0o040755))
            case .file(let bytes, let executable):
                zip.add(ZipWriter.Entry(name: path.bytes, data: bytes, method: method,
                                        unixMode: executable ? 0o100755 : 0o100644))
            case .symlink(let target):
                zip.add(ZipWriter.Entry(name: path.bytes, data: target, method: .stored, unixMode: 0o120755))
            case nil:
                continue
            }
        }
        return zip
    }

    /// Writes `zipWriter()` to `path` and returns the path.
    @discardableResult
    public func writeZip(to path: String, method: ZipWriter.Method = .deflate) throws -> String {
        try zipWriter(method: method).write(to: path)
        return path
    }

    static func cString<T>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        let terminated = bytes.map { CChar(bitPattern: $0) } + [0]
        return terminated.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { fatalError("empty buffer") }
            return body(base)
        }
    }

    static func makeDirectory(_ path: [UInt8]) throws {
        if let slash = path.lastIndex(of: UInt8(ascii: "/")), slash > 0,
           cString(Array(path[..<slash]), { access($0, F_OK) }) != 0 {
            try makeDirectory(Array(path[..<slash]))
        }
        let rc = cString(path) { mkdir($0, 0o755) }
        guard rc == 0 || errno == EEXIST else {
            throw ScratchError("mkdir \(String(decoding: path, as: UTF8.self)): errno \(errno)")
        }
    }

    static func writeFile(_ path: [UInt8], _ bytes: [UInt8], mode: mode_t) throws {
        let fd = cString(path) { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode) }
        guard fd >= 0 else { throw ScratchError("open \(String(decoding: path, as: UTF8.self)): errno \(errno)") }
        defer { close(fd) }
        var done = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw ScratchError("write failed: errno \(errno)") }
            done += n
        }
        _ = fchmod(fd, mode)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials

/// Derived data kept beside a history, under `<git dir>/bundlediff/cache/<area>/`: files
/// named by a key that fixes their content (an object id and a format number), so an entry
/// can never go stale. Safe to delete at any time; never shared with a remote.
///
/// Best effort both ways: a read that fails or finds nothing returns nil (the caller
/// computes the value), a write that fails is dropped. Writes go to a temporary file in
/// the same folder, then are renamed into place, so a reader sees a whole file or none.
/// Each area keeps at most `limit` entries: the oldest (by modification time) go first.
struct DerivedCache: Sendable {
    /// The folder of this area.
    let folder: String
    /// How many entries the area keeps.
    let limit: Int

    /// The cache area `area` of the repository whose git directory is `gitDirectory`.
    init(gitDirectory: String, area: String, limit: Int = 16) {
        folder = gitDirectory + (gitDirectory.hasSuffix("/") ? "" : "/") + "bundlediff/cache/" + area
        self.limit = limit
    }

    /// The bytes stored under `key`, or nil.
    func read(_ key: String) -> [UInt8]? {
        waitForWrite(key)
        // Straight into the array: through `Data`, the bytes were copied twice.
        let fd = open(folder + "/" + key, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_size >= 0, status.st_size < Int(Int32.max) else { return nil }
        let size = Int(status.st_size)
        var filled = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            while filled < size {
                #if canImport(Glibc)
                let n = Glibc.read(fd, base + filled, size - filled)
                #else
                let n = Darwin.read(fd, base + filled, size - filled)
                #endif
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { break }
                filled += n
            }
            count = filled
        }
        return filled == size ? bytes : nil
    }

    /// Whether the area was ever written: a history whose builds some command has read.
    var exists: Bool { access(folder, F_OK) == 0 }

    /// Whether something is stored under `key` (it may still fail to read).
    func contains(_ key: String) -> Bool {
        waitForWrite(key)
        return access(folder + "/" + key, F_OK) == 0
    }

    /// The file stored under `key`, to be read a window at a time, or nil.
    func stream(_ key: String) -> DerivedCacheStream? {
        waitForWrite(key)
        let fd = open(folder + "/" + key, O_RDONLY | O_CLOEXEC)
        return fd >= 0 ? DerivedCacheStream(fd: fd) : nil
    }

    /// Stores `bytes` under `key` (temp + rename), then trims the area to `limit` entries.
    func write(_ key: String, _ bytes: [UInt8]) {
        write(key) { emit in bytes.withUnsafeBytes(emit) }
    }

    /// Stores what `produce` gives, a part at a time, under `key`: written to a temporary
    /// file in the area as it comes (never held whole), then renamed into place, so a reader
    /// sees a whole file or none; then trims the area. A part that fails to write drops it.
    func write(_ key: String, streaming produce: ((UnsafeRawBufferPointer) -> Void) -> Void) {
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch { return }
        let temporary = folder + "/.tmp-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))-\(key)"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { return }
        var written = true
        produce { part in
            var done = 0
            while written, done < part.count, let base = part.baseAddress {
                #if canImport(Glibc)
                let n = Glibc.write(fd, base + done, part.count - done)
                #else
                let n = Darwin.write(fd, base + done, part.count - done)
                #endif
                if n < 0, errno == EINTR { continue }
                if n <= 0 { written = false } else { done += n }
            }
        }
        if close(fd) != 0 { written = false }
        guard written, rename(temporary, folder + "/" + key) == 0 else {
            unlink(temporary)
            return
        }
        trim()
    }

    /// Removes the oldest entries beyond `limit` (temporary files of other writers are left).
    private func trim() {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder) else { return }
        let entries = names.filter { !$0.hasPrefix(".") }
        guard entries.count > limit else { return }
        let dated = entries.map { name -> (String, Date) in
            let date = (try? manager.attributesOfItem(atPath: folder + "/" + name)[.modificationDate] as? Date) ?? nil
            return (name, date ?? .distantPast)
        }
        for (name, _) in dated.sorted(by: { ($0.1, $0.0) < ($1.1, $1.0) }).prefix(entries.count - limit) {
            try? manager.removeItem(atPath: folder + "/" + name)
        }
    }
}

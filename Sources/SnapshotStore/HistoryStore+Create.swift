#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import Git

extension HistoryStore {
    /// Creates a new bare repository at `path` (missing, or an empty directory) so that
    /// a creation failing half-way (a full disk) leaves nothing a later run would take
    /// for a broken history. A missing `path` is made in a hidden sibling folder and
    /// renamed into place, so it appears whole or not at all; an empty directory (a
    /// mount point, say) is filled in place and emptied again on failure. Losing a race
    /// to another process creating the same history opens the winner's. A hidden folder
    /// left by a creator that was killed is removed by the next creation.
    static func createRepository(at path: String, objectWriting: Repository.ObjectWriting)
        throws(StoreError) -> Repository {
        let target = URL(fileURLWithPath: path).standardizedFileURL
        let inPlace = FileManager.default.fileExists(atPath: target.path)
        let parent = target.deletingLastPathComponent()
        let prefix = ".\(target.lastPathComponent).new-"
        let build = inPlace ? target
            : parent.appendingPathComponent("\(prefix)\(getpid())-\(UUID().uuidString.prefix(8))")
        if !inPlace { removeAbandoned(in: parent, prefix: prefix) }
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
            _ = try Repository.createBare(at: build.path, objectWriting: objectWriting)
        } catch let error as GitError where inPlace && error.code == .concurrentUpdate {
            return try open(path, objectWriting)  // another process initialised it first
        } catch {
            removeCreated(build, keepDirectory: inPlace)
            let reason = (error as? GitError)?.message ?? Self.reason(error)
            throw StoreError(.git, repository: path, "cannot create the history: \(reason)")
        }
        if !inPlace && rename(build.path, target.path) != 0 {
            let code = errno
            removeCreated(build, keepDirectory: false)
            // ENOTEMPTY/EEXIST: another process created the history first; use it.
            guard code == ENOTEMPTY || code == EEXIST else {
                throw StoreError(.git, repository: path, "cannot create the history: \(String(cString: strerror(code)))")
            }
        }
        return try open(path, objectWriting)
    }

    private static func open(_ path: String, _ objectWriting: Repository.ObjectWriting) throws(StoreError) -> Repository {
        do { return try Repository.open(at: path, objectWriting: objectWriting) } catch {
            throw StoreError(error, repository: path)
        }
    }

    /// Removes the half-made histories of creators that were killed (their process is gone).
    private static func removeAbandoned(in parent: URL, prefix: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }), pid > 0,
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
        }
    }

    private static func removeCreated(_ url: URL, keepDirectory: Bool) {
        guard keepDirectory else {
            try? FileManager.default.removeItem(at: url)
            return
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] {
            try? FileManager.default.removeItem(at: url.appendingPathComponent(name))
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let posix = ((error as? CocoaError)?.underlying as? POSIXError) ?? (error as? POSIXError) {
            return String(cString: strerror(posix.code.rawValue))
        }
        return String(describing: error)
    }
}

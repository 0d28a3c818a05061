import FoundationEssentials
import Platform
import Git

/// The history of recorded builds: a plain git repository (see docs/snapshot-format.md).
///
/// One instance serializes its own calls (it is safe to share across threads); several
/// instances, in one process or many, may record into the same repository at once:
/// references move by compare-and-swap and lost races are retried.
public final class HistoryStore: @unchecked Sendable {
    /// The repository path as given.
    public let path: String
    let repository: Repository
    private let lock = Lock()
    /// The memo of the last snapshot read (under `lock`): the next read copies the folders
    /// it shares with it, so the second side of a comparison costs what changed.
    var lastRead: SnapshotTreeMemo?

    init(path: String, repository: Repository) {
        self.path = path
        self.repository = repository
    }

    /// Opens the history at `path`. With `create`, a missing path or an empty directory
    /// becomes a new bare repository. A path that exists but is not a git repository is
    /// an error; a non-bare repository is fine.
    public static func open(at path: String, create: Bool) throws(StoreError) -> HistoryStore {
        try open(at: path, create: create, objectWriting: .packed)
    }

    static func open(at path: String, create: Bool, objectWriting: Repository.ObjectWriting)
        throws(StoreError) -> HistoryStore {
        var isDirectory = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists && !isDirectory {
            throw StoreError(.notARepository, repository: path, "not a git repository (it is a file)")
        }
        let isEmptyDirectory = exists && ((try? FileManager.default.contentsOfDirectory(atPath: path))?.isEmpty ?? false)
        do {
            if !exists || isEmptyDirectory {
                guard create else {
                    throw StoreError(.notARepository, repository: path, "no history here (record a build first)")
                }
                return HistoryStore(path: path, repository: try createRepository(at: path, objectWriting: objectWriting))
            }
            return HistoryStore(path: path, repository: try Repository.open(at: path, objectWriting: objectWriting))
        } catch let error as StoreError {
            throw error
        } catch let error as GitError where error.code == .notARepository {
            throw StoreError(.notARepository, repository: path, "not a git repository")
        } catch let error as GitError {
            throw StoreError(error, repository: path)
        } catch {
            throw StoreError(.git, repository: path, "\(error)")
        }
    }

    /// Runs `body` alone (one call at a time per instance).
    func serialized<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Wraps a Git failure into a `StoreError` naming the repository.
    func git<T>(_ body: () throws(GitError) -> T) throws(StoreError) -> T {
        do { return try body() } catch { throw StoreError(error, repository: path) }
    }
}

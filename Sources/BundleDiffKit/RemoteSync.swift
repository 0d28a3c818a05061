import FoundationEssentials
import Git
import SnapshotStore
import TextSafety

/// `bundlediff sync`, `snapshot --push`, `diff/gate --remote`: brings a history together
/// with a shared remote (see `HistoryStore.sync`). Every message names the remote with
/// its credentials redacted.
public struct RemoteSync {
    /// The remote `sync` uses when none is given.
    public static let remoteVariable = "BUNDLEDIFF_REMOTE"
    /// Seconds without progress before a network operation is given up (default 30).
    public static let timeoutVariable = "BUNDLEDIFF_NETWORK_TIMEOUT"
    public static let defaultTimeout = 30.0

    public let repositoryPath: String
    public let address: RemoteAddress
    let credentials: RemoteCredentials
    let stallTimeout: Double

    /// Checks the remote text and the environment; nothing touches the network yet.
    public init(repositoryPath: String, remote: String?, environment: [String: String],
                directory: String = FileManager.default.currentDirectoryPath) throws(UserFacingError) {
        let text = remote ?? environment[Self.remoteVariable].flatMap { $0.isEmpty ? nil : $0 }
        guard let text else {
            throw UserFacingError("no remote given: name one (a path or a file://, git://, http(s):// or ssh:// URL) "
                                  + "or set \(Self.remoteVariable)")
        }
        do { address = try RemoteAddress(text, relativeTo: directory) } catch { throw UserFacingError(error.description) }
        var timeout = Self.defaultTimeout
        if let raw = environment[Self.timeoutVariable], !raw.isEmpty {
            guard let value = Double(raw), value > 0, value <= 86_400 else {
                throw UserFacingError("\(Self.timeoutVariable) \(VisibleText.quoted(raw)) is not a number of seconds between 0 and 86400")
            }
            timeout = value
        }
        self.repositoryPath = repositoryPath
        credentials = RemoteCredentials.fromEnvironment(environment)
        if address.transport == .ssh, let key = credentials.sshKeyPath, !FileManager.default.isReadableFile(atPath: key) {
            // Said now, not as libgit2's authentication failure after a connection.
            throw UserFacingError("BUNDLEDIFF_SSH_KEY: \(key): no readable SSH key file there")
        }
        stallTimeout = timeout
    }

    /// Fetches (and with `push`, pushes) the references in `scope`. A missing local
    /// history is created when `create` is set.
    public func run(scope: SyncScope, push: Bool, create: Bool) throws(UserFacingError) -> SyncResult {
        let store = try History.open(repositoryPath, create: create)
        let transfer = RemoteTransfer(repositoryPath: store.path, address: address, credentials: credentials,
                                      stallTimeout: stallTimeout)
        do {
            return try store.sync(with: transfer, scope: scope, push: push)
        } catch {
            throw UserFacingError(error.description)
        }
    }

    /// What a sync did, one line each; `warnings` go to standard error.
    public func describe(_ result: SyncResult, pushed wantPush: Bool) -> (lines: [String], warnings: [String]) {
        var lines: [String] = []
        let remote = address.redacted
        lines.append(result.fetched.isEmpty ? "fetched from \(remote): nothing new"
                     : "fetched from \(remote): \(result.fetched.count) reference(s)")
        lines += result.fetched.map { "  \($0)" }
        if wantPush {
            lines.append(result.pushed.isEmpty ? "pushed to \(remote): nothing to push"
                         : "pushed to \(remote): \(result.pushed.count) reference(s)")
            lines += result.pushed.map { "  \($0)" }
        }
        if !result.rewritten.isEmpty {
            lines.append("put \(result.rewritten.count) local build(s) on top of builds recorded by other runners:")
            lines += result.rewritten.sorted { $0.key < $1.key }.map { "  \($0.key.prefix(10)) is now \($0.value.prefix(10))" }
        }
        if result.attempts > 1 { lines.append("attempts: \(result.attempts) (other runners pushed meanwhile)") }
        var warnings = result.collisions.map {
            "\($0.tag) was also recorded by another runner (commit \($0.remoteCommit.prefix(10))); "
                + "both builds are kept, this one (\($0.localCommit.prefix(10))) as \($0.keptAs)"
        }
        warnings += result.tagConflicts.map {
            "tag \(String($0.dropFirst("refs/tags/".count))) names another build on \(remote); it is kept here only"
        }
        return (VisibleText.escapeLines(lines), VisibleText.escapeLines(warnings))
    }
}

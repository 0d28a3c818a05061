import CLibgit2
import FoundationEssentials
import TextSafety

/// Fetches from and pushes to one remote through libgit2, each operation on its own
/// thread under a stall time-out (`Watchdog`). Every message names the remote redacted.
public struct RemoteTransfer: Sendable {
    /// One reference to push: `local` (a full name) onto `remote`, only if the remote
    /// still holds `expected` (nil: the remote reference must not exist).
    public struct Update: Sendable {
        public var local: String
        public var remote: String
        public var expected: ObjectID?
        public init(local: String, remote: String, expected: ObjectID?) {
            self.local = local
            self.remote = remote
            self.expected = expected
        }
    }

    public let repositoryPath: String
    public let address: RemoteAddress
    public let credentials: RemoteCredentials
    /// Seconds without any progress before an operation is given up.
    public let stallTimeout: Double

    public init(repositoryPath: String, address: RemoteAddress, credentials: RemoteCredentials,
                stallTimeout: Double) {
        self.repositoryPath = repositoryPath
        self.address = address
        self.credentials = credentials
        self.stallTimeout = stallTimeout
    }

    /// Reads the remote's references (all it advertises) and downloads the objects the
    /// `refspecs` need, updating their local destinations. Tags are never followed
    /// automatically. Returns the advertised references by full name.
    ///
    /// The objects land in a `FetchQuarantine` first: they enter the history, and its
    /// references move, only when every object reachable from the fetched references is
    /// one `git fsck --strict` accepts. Otherwise nothing changes and `.hostileContent` is
    /// thrown.
    public func fetch(refspecs: [String]) throws(RemoteError) -> [String: ObjectID] {
        guard !refspecs.isEmpty else { return try download(into: repositoryPath, refspecs: []) }
        let quarantine: FetchQuarantine
        do {
            quarantine = try FetchQuarantine(historyPath: repositoryPath)
        } catch {
            throw RemoteError(.other, remote: address.redacted, "cannot prepare the fetch in \(repositoryPath): \(error)")
        }
        defer { quarantine.remove() }
        let advertised = try download(into: quarantine.path, refspecs: refspecs)
        let fetched: [(name: String, target: ObjectID)]
        do { fetched = try quarantine.fetchedReferences() } catch {
            throw RemoteError(.other, remote: address.redacted, "cannot read what was fetched: \(error)")
        }
        if let why = quarantine.problem(in: fetched) {
            throw RemoteError(.hostileContent, remote: address.redacted,
                              "refused what it sent: \(why) (git fsck would reject it); the local history is unchanged")
        }
        do {
            try quarantine.adoptObjects()
            try adoptReferences(fetched)
        } catch {
            throw RemoteError(.other, remote: address.redacted, "cannot keep what was fetched: \(error)")
        }
        return advertised
    }

    /// Points the history's copies of the remote's references where the quarantine's fetch
    /// put them. These copies are informational: a concurrent fetch moving one at the same
    /// moment (a lost compare-and-swap, a held lock) is no reason to fail.
    private func adoptReferences(_ fetched: [(name: String, target: ObjectID)]) throws(GitError) {
        let history = try Repository.open(at: repositoryPath, objectWriting: .loose)
        for ref in fetched {
            let current = try history.referenceTarget(ref.name)
            guard current != ref.target else { continue }
            do {
                try history.updateReference(ref.name, to: ref.target, expected: current, message: "bundlediff: fetch")
            } catch let error where error.code == .concurrentUpdate || error.code == .locked {
                continue
            }
        }
    }

    /// Connects, lists the remote's references and downloads what `refspecs` need into
    /// the repository at `path`, updating the refspecs' destinations there.
    private func download(into path: String, refspecs: [String]) throws(RemoteError) -> [String: ObjectID] {
        try run("fetch", path: path) { (repository, remote, session) throws(RemoteError) in
            var callbacks = git_remote_callbacks()
            git_remote_init_callbacks(&callbacks, UInt32(GIT_REMOTE_CALLBACKS_VERSION))
            let payload = Unmanaged.passUnretained(session).toOpaque()
            session.install(into: &callbacks, payload: payload)
            try check(git_remote_connect(remote, GIT_DIRECTION_FETCH, &callbacks, nil, nil), session, "connect")
            defer { git_remote_disconnect(remote) }
            var heads: UnsafeMutablePointer<UnsafePointer<git_remote_head>?>?
            var count = 0
            try check(git_remote_ls(&heads, &count, remote), session, "list references")
            var advertised: [String: ObjectID] = [:]
            for i in 0..<count {
                guard let head = heads?[i]?.pointee, let name = head.name else { continue }
                advertised[String(cString: name)] = ObjectID(head.oid)
            }
            guard !refspecs.isEmpty else { return advertised }
            var options = git_fetch_options()
            git_fetch_options_init(&options, UInt32(GIT_FETCH_OPTIONS_VERSION))
            options.callbacks = callbacks
            options.download_tags = GIT_REMOTE_DOWNLOAD_TAGS_NONE
            options.update_fetchhead = 0
            try StringArray.with(refspecs) { specs throws(RemoteError) in
                try check(git_remote_download(remote, specs, &options), session, "download")
                // The copies under refs/bundlediff/remotes are informational: another process
                // updating them at the same moment (a held lock) is no reason to fail.
                let status = git_remote_update_tips(remote, &callbacks, 0, GIT_REMOTE_DOWNLOAD_TAGS_NONE,
                                                    "bundlediff: fetch")
                let lockHeld = status < 0 && (status == GIT_ELOCKED.rawValue || status == GIT_EMODIFIED.rawValue
                    || git_error_last().flatMap { $0.pointee.message.map { String(cString: $0) } }?.utf8.contains("lock".utf8) == true)
                if !lockHeld { try check(status, session, "update fetched references") }
            }
            return advertised
        }
    }

    /// Pushes `updates` (never forced). Throws `.stale` when a remote reference no longer
    /// holds its expected value. Returns the references the remote refused, with its reason.
    public func push(_ updates: [Update]) throws(RemoteError) -> [String: String] {
        guard !updates.isEmpty else { return [:] }
        return try run("push", path: repositoryPath) { (repository, remote, session) throws(RemoteError) in
            for update in updates { session.expectedRemote[update.remote] = .some(update.expected) }
            var options = git_push_options()
            git_push_options_init(&options, UInt32(GIT_PUSH_OPTIONS_VERSION))
            let payload = Unmanaged.passUnretained(session).toOpaque()
            session.install(into: &options.callbacks, payload: payload)
            try StringArray.with(updates.map { "\($0.local):\($0.remote)" }) { specs throws(RemoteError) in
                try check(git_remote_push(remote, specs, &options), session, "push")
            }
            var refused: [String: String] = [:]
            for update in updates {
                if case .some(.some(let reason)) = session.pushStatuses[update.remote] { refused[update.remote] = reason }
            }
            return refused
        }
    }

    private typealias Body<T> = (Repository, OpaquePointer, RemoteSession) throws(RemoteError) -> T

    /// Opens the repository and an anonymous remote on a watched thread and runs `body`.
    private func run<T: Sendable>(_ operation: String, path: String, _ body: @escaping Body<T>) throws(RemoteError) -> T {
        let clock = ActivityClock()
        let transfer = self
        nonisolated(unsafe) let body = body
        let result = Watchdog.run(clock: clock, stallTimeout: stallTimeout, remote: address.redacted,
                                  operation: operation) { () -> Result<T, RemoteError> in
            do {
                return .success(try transfer.connectAndRun(path: path, clock: clock, body))
            } catch let error as RemoteError {
                return .failure(error)
            } catch {
                return .failure(RemoteError(.other, remote: transfer.address.redacted, "\(error)"))
            }
        }
        return try result.get()
    }

    private func connectAndRun<T>(path: String, clock: ActivityClock, _ body: Body<T>) throws(RemoteError) -> T {
        let repository: Repository
        do {
            repository = try Repository.open(at: path, objectWriting: .loose)
        } catch {
            throw RemoteError(.other, remote: address.redacted, "cannot open the local history: \(error)")
        }
        do {
            try GitRuntime.loadCertificates()
        } catch {
            throw RemoteError(.other, remote: address.redacted, "\(error)")
        }
        if address.transport == .local || address.transport == .file {
            try LocalRemoteCheck.verify(address)
        }
        let session = RemoteSession(address: address, credentials: credentials, clock: clock)
        var remote: OpaquePointer?
        try check(git_remote_create_anonymous(&remote, repository.handle, address.url), session, "open remote")
        defer { git_remote_free(remote) }
        guard let remote else { throw RemoteError(.invalidAddress, remote: address.redacted, "libgit2 gave no remote") }
        return try body(repository, remote, session)
    }

    private func check(_ status: Int32, _ session: RemoteSession, _ operation: String) throws(RemoteError) {
        guard status < 0 else { return }
        if session.clock.isCancelled {
            throw RemoteError(.timedOut, remote: address.redacted, "\(operation) gave up: no answer in time")
        }
        if let problem = session.hostKeyProblem {
            throw RemoteError(.untrustedHost, remote: address.redacted, "\(operation) refused: \(problem)")
        }
        if !session.staleReferences.isEmpty {
            throw RemoteError(.stale, remote: address.redacted,
                              "\(session.staleReferences.joined(separator: ", ")) moved on the remote meanwhile")
        }
        if session.credentialsExhausted {
            let hint = address.transport == .ssh
                ? "an SSH agent key (SSH_AUTH_SOCK) or BUNDLEDIFF_SSH_KEY"
                : "a user name and token (\(RemoteCredentials.tokenVariables.joined(separator: ", ")))"
            throw RemoteError(.authentication, remote: address.redacted,
                              "\(operation) failed: authentication failed or no credentials; provide \(hint)")
        }
        var error = RemoteError.fromLibgit2(status, address: address, operation: operation)
        for secret in credentials.secrets { error.message = TextReplacement.replacing(secret, with: "***", in: error.message) }
        throw error
    }
}

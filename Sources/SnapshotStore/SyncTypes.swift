import Git

/// Which references a sync fetches and pushes.
public struct SyncScope: Sendable {
    /// One app (its branches and version tags), or nil for every branch and tag.
    public var app: String?
    /// Further tags to carry (user tags given when recording).
    public var extraTags: [String]

    public init(app: String? = nil, extraTags: [String] = []) {
        self.app = app
        self.extraTags = extraTags
    }

    func includesBranch(_ name: String) -> Bool {
        guard name.hasPrefix(RefNames.headsPrefix) else { return false }
        guard let app else { return true }
        return name.hasPrefix(RefNames.headsPrefix + RefNames.escapeComponent(app) + "/")
    }

    func includesTag(_ name: String) -> Bool {
        guard name.hasPrefix(RefNames.tagsPrefix), !name.hasSuffix("^{}") else { return false }
        guard let app else { return true }
        let short = String(name.dropFirst(RefNames.tagsPrefix.count))
        return short.hasPrefix(RefNames.escapeComponent(app) + "@") || extraTags.contains(short)
    }

    /// Fetch refspecs that copy the remote's references in scope under `namespace`.
    func refspecs(namespace: String) -> [String] {
        guard let app else {
            return ["+refs/heads/*:\(namespace)/heads/*", "+refs/tags/*:\(namespace)/tags/*"]
        }
        let escaped = RefNames.escapeComponent(app)
        return ["+refs/heads/\(escaped)/*:\(namespace)/heads/\(escaped)/*",
                "+refs/tags/\(escaped)@*:\(namespace)/tags/\(escaped)@*"]
            + extraTags.map { "+refs/tags/\($0):\(namespace)/tags/\($0)" }
    }
}

/// The same version tag recorded by two runners: the remote's build keeps the tag, this
/// one is kept too, under `keptAs`.
public struct VersionCollision: Sendable, Hashable {
    public var tag: String
    public var remoteCommit: String
    public var localCommit: String
    public var keptAs: String

    public init(tag: String, remoteCommit: String, localCommit: String, keptAs: String) {
        self.tag = tag
        self.remoteCommit = remoteCommit
        self.localCommit = localCommit
        self.keptAs = keptAs
    }
}

/// What a sync did.
public struct SyncResult: Sendable {
    /// Local references created or moved from the remote.
    public var fetched: [String] = []
    /// Remote references created or moved.
    public var pushed: [String] = []
    /// Local builds put on top of builds another runner pushed first: old → new commit.
    public var rewritten: [String: String] = [:]
    public var collisions: [VersionCollision] = []
    /// User tags that name another commit on the remote (kept locally only).
    public var tagConflicts: [String] = []
    /// Attempts made (1 when nothing raced).
    public var attempts = 0
}

/// A failed sync: the remote or the local history.
public enum SyncError: Error, Sendable, CustomStringConvertible {
    case remote(RemoteError)
    case store(StoreError)

    public var description: String {
        switch self {
        case .remote(let error): return error.description
        case .store(let error): return error.description
        }
    }
}

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

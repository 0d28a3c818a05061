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

import Git

/// One recorded build on a channel's first-parent line, as history queries read it:
/// what its commit says, and where its snapshot tree is.
public struct TimelineBuild: Sendable, Hashable {
    public let build: RecordedBuild
    let tree: ObjectID
}

/// An object of a recorded snapshot (a file record, a folder, a symlink or a stored
/// property list), compared between builds by its git object id: equal ids mean equal
/// content, so unchanged objects are never read twice.
public struct StoredObject: Sendable, Hashable {
    public enum Kind: Sendable, Hashable { case file, directory, symlink }
    public let kind: Kind
    let id: ObjectID

    /// The git object id (40 hex digits).
    public var objectID: String { id.hex }
}

/// Which half of a snapshot tree a path is looked up in.
public enum SnapshotArea: String, Sendable {
    /// `files/`: the file records, folders and symlinks.
    case files
    /// `plists/`: the canonical text of every decoded property list.
    case plists
}

/// The mode of a tree entry, as git stores it.
public struct FileMode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A regular file (`100644`).
    public static let blob = FileMode(rawValue: 0o100644)
    /// An executable file (`100755`).
    public static let executable = FileMode(rawValue: 0o100755)
    /// A symbolic link (`120000`); the blob holds the raw target.
    public static let symlink = FileMode(rawValue: 0o120000)
    /// A subtree (`040000`).
    public static let tree = FileMode(rawValue: 0o040000)
    /// A submodule commit (`160000`).
    public static let commit = FileMode(rawValue: 0o160000)

    public var description: String { String(rawValue, radix: 8) }
}

/// One entry of a git tree: a raw name (bytes, never `/` or NUL), its mode and object.
public struct TreeEntry: Hashable, Sendable {
    public var name: [UInt8]
    public var mode: FileMode
    public var id: ObjectID

    public init(name: [UInt8], mode: FileMode, id: ObjectID) {
        self.name = name
        self.mode = mode
        self.id = id
    }
}

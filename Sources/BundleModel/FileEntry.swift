/// One entry of a recorded build: a file, a directory or a symbolic link.
public struct FileEntry: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case file, directory, symlink
    }

    public var path: BundlePath
    public var kind: Kind
    /// Content size in bytes (files), target length (symlinks), 0 (directories).
    public var size: UInt64
    /// The owner-executable bit of a file.
    public var isExecutable: Bool
    /// SHA-256 of the content (files only).
    public var sha256: SHA256Digest?
    /// The raw target of a symbolic link, never followed.
    public var symlinkTarget: [UInt8]?

    public init(path: BundlePath, kind: Kind, size: UInt64 = 0, isExecutable: Bool = false,
                sha256: SHA256Digest? = nil, symlinkTarget: [UInt8]? = nil) {
        self.path = path
        self.kind = kind
        self.size = size
        self.isExecutable = isExecutable
        self.sha256 = sha256
        self.symlinkTarget = symlinkTarget
    }
}

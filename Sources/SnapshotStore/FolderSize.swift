/// The size of a recorded folder: regular files below it and their bytes.
public struct FolderSize: Sendable, Hashable {
    public var files: Int
    public var bytes: UInt64

    public init(files: Int, bytes: UInt64) {
        self.files = files
        self.bytes = bytes
    }

    /// Adds another part's files and bytes.
    mutating func add(_ part: FolderSize) {
        files += part.files
        bytes += part.bytes
    }

    /// Takes away a part that was counted (never below zero).
    mutating func remove(_ part: FolderSize) {
        files = max(0, files - part.files)
        bytes = bytes >= part.bytes ? bytes - part.bytes : 0
    }
}

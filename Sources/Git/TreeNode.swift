/// A directory tree built in memory from nested paths, written with
/// `Repository.writeTree(_:)`. Names are raw bytes; git sorts the entries.
public struct TreeNode: Sendable {
    /// What a name in a directory holds.
    public enum Child: Sendable {
        case blob(ObjectID, FileMode)
        case tree(TreeNode)
    }

    /// A name as a dictionary key, hashed in one call (not byte by byte).
    struct Name: Hashable, Sendable {
        let bytes: [UInt8]
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }
        static func == (a: Name, b: Name) -> Bool { a.bytes == b.bytes }
    }

    private(set) var entries: [Name: Child] = [:]

    /// The entries by name.
    public var children: [[UInt8]: Child] {
        Dictionary(uniqueKeysWithValues: entries.map { ($0.key.bytes, $0.value) })
    }

    public init() {}

    /// Whether the directory is empty.
    public var isEmpty: Bool { entries.isEmpty }

    /// Puts a blob at `components` (the last one is the file name), creating directories.
    /// Throws when a name on the way is already a blob, or the final name is a directory.
    public mutating func insertBlob(_ id: ObjectID, mode: FileMode, at components: [[UInt8]])
        throws(GitError) {
        guard let lastBytes = components.last else { throw Self.conflict(components, "empty path") }
        let last = Name(lastBytes)
        try withDirectory(components.dropLast(), full: components) { (node) throws(GitError) in
            if case .tree = node.entries[last] { throw Self.conflict(components, "is a directory") }
            if case .blob = node.entries[last] { throw Self.conflict(components, "appears twice") }
            node.entries[last] = .blob(id, mode)
        }
    }

    /// Ensures a (possibly empty) directory exists at `components`.
    public mutating func insertDirectory(at components: [[UInt8]]) throws(GitError) {
        try withDirectory(components[...], full: components) { (_) throws(GitError) in }
    }

    private mutating func withDirectory(_ components: ArraySlice<[UInt8]>, full: [[UInt8]],
                                        _ body: (inout TreeNode) throws(GitError) -> Void) throws(GitError) {
        guard let firstBytes = components.first else { return try body(&self) }
        let first = Name(firstBytes)
        var child: TreeNode
        switch entries[first] {
        case .tree(let existing): child = existing
        case .blob: throw Self.conflict(full, "a parent is a file")
        case nil: child = TreeNode()
        }
        entries[first] = nil  // keep the subtree uniquely referenced while editing
        defer { entries[first] = .tree(child) }
        try child.withDirectory(components.dropFirst(), full: full, body)
    }

    private static func conflict(_ components: [[UInt8]], _ why: String) -> GitError {
        let path = components.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "/")
        return GitError(code: .invalidSpec, operation: "build tree", message: "\(path): \(why)")
    }
}

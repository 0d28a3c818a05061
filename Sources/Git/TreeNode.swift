/// A directory tree built in memory from nested paths, written with
/// `Repository.writeTree(_:)`. Names are raw bytes; git sorts the entries.
public struct TreeNode: Sendable {
    /// What a name in a directory holds.
    public enum Child: Sendable {
        case blob(ObjectID, FileMode)
        case tree(TreeNode)
    }

    public private(set) var children: [[UInt8]: Child] = [:]

    public init() {}

    /// Whether the directory is empty.
    public var isEmpty: Bool { children.isEmpty }

    /// Puts a blob at `components` (the last one is the file name), creating directories.
    /// Throws when a name on the way is already a blob, or the final name is a directory.
    public mutating func insertBlob(_ id: ObjectID, mode: FileMode, at components: [[UInt8]])
        throws(GitError) {
        guard let last = components.last else { throw Self.conflict(components, "empty path") }
        try withDirectory(Array(components.dropLast()), full: components) { (node) throws(GitError) in
            if case .tree = node.children[last] { throw Self.conflict(components, "is a directory") }
            if case .blob = node.children[last] { throw Self.conflict(components, "appears twice") }
            node.children[last] = .blob(id, mode)
        }
    }

    /// Ensures a (possibly empty) directory exists at `components`.
    public mutating func insertDirectory(at components: [[UInt8]]) throws(GitError) {
        try withDirectory(components, full: components) { (_) throws(GitError) in }
    }

    private mutating func withDirectory(_ components: [[UInt8]], full: [[UInt8]],
                                        _ body: (inout TreeNode) throws(GitError) -> Void) throws(GitError) {
        guard let first = components.first else { return try body(&self) }
        var child: TreeNode
        switch children[first] {
        case .tree(let existing): child = existing
        case .blob: throw Self.conflict(full, "a parent is a file")
        case nil: child = TreeNode()
        }
        children[first] = nil  // keep the subtree uniquely referenced while editing
        defer { children[first] = .tree(child) }
        try child.withDirectory(Array(components.dropFirst()), full: full, body)
    }

    private static func conflict(_ components: [[UInt8]], _ why: String) -> GitError {
        let path = components.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "/")
        return GitError(code: .invalidSpec, operation: "build tree", message: "\(path): \(why)")
    }
}

/// One entry of a recorded build: a file, a directory or a symbolic link.
public struct FileEntry: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case file, directory, symlink
    }

    // Stored in this order, the one-byte fields last, and a file's digest and a link's
    // target in one field (an entry never has both): 56 bytes an entry instead of 64, and a
    // build holds 20,000 of them several times.
    public var path: BundlePath
    /// Content size in bytes (files), target length (symlinks), 0 (directories).
    public var size: UInt64
    // Inlinable readers: the comparison reads both entries' digests and targets in place
    // for every file it passes (a call across modules copied each entry out first).
    @usableFromInline var content: Content
    public var kind: Kind
    /// The owner-executable bit of a file.
    public var isExecutable: Bool

    @usableFromInline enum Content: Hashable, Sendable {
        case none
        case digest(SHA256Digest)
        case target([UInt8])
    }

    /// SHA-256 of the content (files only).
    public var sha256: SHA256Digest? {
        @inlinable get {
            guard case .digest(let digest) = content else { return nil }
            return digest
        }
        set {
            if let newValue { content = .digest(newValue) } else if case .digest = content { content = .none }
        }
    }

    /// The raw target of a symbolic link, never followed.
    public var symlinkTarget: [UInt8]? {
        @inlinable get {
            guard case .target(let target) = content else { return nil }
            return target
        }
        set {
            if let newValue { content = .target(newValue) } else if case .target = content { content = .none }
        }
    }

    /// Out of line on purpose: inlined where a new entry is appended to an array (the
    /// derived-cache reader, 20,000 a build), the optimizer built it in a temporary and
    /// copied it in, two retains and two releases more an entry.
    @inline(never)
    public init(path: BundlePath, kind: Kind, size: UInt64 = 0, isExecutable: Bool = false,
                sha256: SHA256Digest? = nil, symlinkTarget: [UInt8]? = nil) {
        self.path = path
        self.kind = kind
        self.size = size
        self.isExecutable = isExecutable
        // An entry never has both (a link is not hashed); were both given, the link's target wins.
        content = symlinkTarget.map(Content.target) ?? sha256.map(Content.digest) ?? .none
    }
}

extension FileEntry {
    /// `sum` plus this entry's size when it is a file (saturating: never traps, whatever
    /// the sizes claim). The one way totals of bytes are counted.
    public func addingFileBytes(to sum: UInt64) -> UInt64 {
        Self.addingFileBytes(kind: kind, size: size, to: sum)
    }

    /// The same from an entry's two fields, for a pass over a build that reads them in place
    /// (the index sums every file of both builds; through the method, each entry was
    /// copied out first).
    @inlinable
    public static func addingFileBytes(kind: Kind, size: UInt64, to sum: UInt64) -> UInt64 {
        guard kind == .file else { return sum }
        let (next, overflow) = sum.addingReportingOverflow(size)
        return overflow ? .max : next
    }
}

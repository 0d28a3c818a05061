import BundleModel

/// Files added, removed and modified in one part of a build, each list sorted by path.
public struct FileChanges: Sendable, Hashable {
    public var added: [FileEntry]
    public var removed: [FileEntry]
    public var modified: [FileModification]

    public init(added: [FileEntry] = [], removed: [FileEntry] = [], modified: [FileModification] = []) {
        self.added = added
        self.removed = removed
        self.modified = modified
    }

    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && modified.isEmpty }
}

/// One path present on both sides whose content, kind, link target or mode changed.
public struct FileModification: Sendable, Hashable {
    public var old: FileEntry
    public var new: FileEntry

    public init(old: FileEntry, new: FileEntry) {
        self.old = old
        self.new = new
    }

    /// The path in the new build.
    public var path: BundlePath { new.path }

    /// New size minus old size, in bytes (saturating; sizes are below 2^63 in practice).
    public var sizeDelta: Int64 {
        let o = Int64(clamping: old.size), n = Int64(clamping: new.size)
        return n.subtractingReportingOverflow(o).overflow ? (n > o ? .max : .min) : n - o
    }

    /// Whether only the owner-executable bit changed.
    public var isModeOnly: Bool {
        old.kind == new.kind && old.sha256 == new.sha256 && old.size == new.size
            && old.symlinkTarget == new.symlinkTarget && old.isExecutable != new.isExecutable
    }
}

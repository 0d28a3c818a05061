import BundleModel

/// Files added, removed and modified in one part of a build, each list sorted by path.
///
/// Every path that only one side has is in exactly one list: `added` or `movedHere` for the
/// new side, `removed` or `movedAway` for the old side. Moves are reported apart (as
/// `ResourceMove`s); their files are kept here so that counts add up to the file facts.
public struct FileChanges: Sendable, Hashable {
    public var added: [FileEntry]
    public var removed: [FileEntry]
    public var modified: [FileModification]
    /// Old files that a move accounts for (their content is now at another path).
    public var movedAway: [FileEntry]
    /// New files that a move accounts for (their content came from another path).
    public var movedHere: [FileEntry]

    public init(added: [FileEntry] = [], removed: [FileEntry] = [], modified: [FileModification] = [],
                movedAway: [FileEntry] = [], movedHere: [FileEntry] = []) {
        self.added = added
        self.removed = removed
        self.modified = modified
        self.movedAway = movedAway
        self.movedHere = movedHere
    }

    /// Whether no file is listed as added, removed or modified (moved files aside: they
    /// are listed with the moves).
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && modified.isEmpty }

    /// Whether a move took files away from here or brought files here.
    public var hasMoves: Bool { !movedAway.isEmpty || !movedHere.isEmpty }

    /// Takes the files a move accounts for out of `added` and `removed`, into `movedHere`
    /// and `movedAway`.
    mutating func setAsideMoved(removed gone: Set<BundlePath>, added came: Set<BundlePath>) {
        movedAway = removed.filter { gone.contains($0.path) }
        removed.removeAll { gone.contains($0.path) }
        movedHere = added.filter { came.contains($0.path) }
        added.removeAll { came.contains($0.path) }
    }
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

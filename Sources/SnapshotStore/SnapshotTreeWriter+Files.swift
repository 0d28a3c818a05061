import BundleModel
import Git

extension SnapshotTreeWriter {
    /// How many entries are made ready at a time (`filesTree`).
    static let preparedBlock = 1024

    /// One entry of `files/` made ready away from the writing thread: where it goes in the
    /// tree, and the blob it holds with the blob's id (a folder holds none).
    struct PreparedEntry: Sendable {
        var components: Result<[[UInt8]], TreeProblem>
        var blob: [UInt8]
        var id: ObjectID?
        var kind: FileEntry.Kind
        var isExecutable: Bool
        /// What a read of a file's blob decodes (`FileRecord.decode` of `blob`).
        var record: FileRecord.Decoded?
    }

    /// The `files/` tree of `entries`, and with `keepRecords` the file records it holds by
    /// blob id (what a read of the tree would decode, so that the read made right after
    /// recording decodes none). Each block of entries is made ready (its tree names, file
    /// records and their git ids) on the other core while this one writes the block before
    /// it into the tree and the pack: the writing is the part that cannot be shared (one
    /// repository, one tree), and the rest no longer waits for it.
    func filesTree(_ entries: [FileEntry],
                   keepRecords: Bool = false) throws(TreeProblem) -> (node: TreeNode, records: [ObjectID: FileRecord.Decoded]?) {
        var node = TreeNode()
        var records: [ObjectID: FileRecord.Decoded]? = keepRecords ? [:] : nil
        records?.reserveCapacity(entries.count)
        var start = 0
        var ready = Self.prepare(entries[0..<min(Self.preparedBlock, entries.count)])
        while start < entries.count {
            let end = min(start + Self.preparedBlock, entries.count)
            let ahead = entries[end..<min(end + Self.preparedBlock, entries.count)]
            let current = ready
            let (written, next) = BothCores.run({ () -> Result<Void, TreeProblem> in
                Result { () throws(TreeProblem) in try insert(current, into: &node, records: &records) }
            }, alongside: { Self.prepare(ahead) })
            try written.get()
            ready = next
            start = end
        }
        return (node, records)
    }

    /// The entries made ready: pure work, any thread.
    static func prepare(_ entries: ArraySlice<FileEntry>) -> [PreparedEntry] {
        entries.map { entry in
            let components = Result { () throws(TreeProblem) in try storedComponents(entry.path) }
            let blob: [UInt8]
            var record: FileRecord.Decoded?
            switch entry.kind {
            case .directory: blob = []
            case .symlink: blob = entry.symlinkTarget ?? []
            case .file: (blob, record) = (FileRecord.encode(entry), FileRecord.decoded(entry))
            }
            return PreparedEntry(components: components, blob: blob,
                                 id: entry.kind == .directory ? nil : ObjectID.ofBlob(blob),
                                 kind: entry.kind, isExecutable: entry.isExecutable, record: record)
        }
    }

    /// Writes `prepared` into `node` and the pack, in order: the first entry that cannot be
    /// recorded throws, as it would have had nothing been made ready ahead.
    private func insert(_ prepared: [PreparedEntry], into node: inout TreeNode,
                        records: inout [ObjectID: FileRecord.Decoded]?) throws(TreeProblem) {
        do {
            for entry in prepared {
                let components = try entry.components.get()
                switch entry.kind {
                case .directory:
                    try node.insertDirectory(at: components)
                case .symlink:
                    try node.insertBlob(try repository.writeBlob(entry.blob, id: entry.id), mode: .symlink, at: components)
                case .file:
                    let id = try repository.writeBlob(entry.blob, id: entry.id)
                    try node.insertBlob(id, mode: entry.isExecutable ? .executable : .blob, at: components)
                    records?[id] = entry.record
                }
            }
        } catch {
            throw TreeProblem(error)
        }
    }
}

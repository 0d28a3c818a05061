import BundleModel
import Git

extension SnapshotTreeReader {
    /// The file records of the `files/` tree `tree`, decoded on both cores, for a walk with
    /// no earlier read to take them from (a build's first read in a process, without the
    /// derived cache: a fresh clone, a CI runner that keeps no cache).
    ///
    /// Such a walk reads one record blob per file, each a look-up in the object database
    /// (2 to 3 µs; at 20,000 files, most of the read). The trees are listed here first, then
    /// the blobs are read in two halves at once, the second half through a repository
    /// handle of its own (libgit2 handles are not shared between threads). The walk then
    /// lists the trees again (most from libgit2's object cache) and takes each record from here.
    ///
    /// Anything that does not read or decode here is left out, and so is everything after a
    /// tree that does not list: the walk reads it again itself and reports the problem as it
    /// always has, at the same place.
    func prefetchedRecords(below tree: ObjectID) -> [ObjectID: FileRecord.Decoded] {
        var blobs: [ObjectID] = [], seen = Set<ObjectID>()
        var pending = [tree]
        while let folder = pending.popLast() {
            guard let children = try? entries(of: folder) else { break }
            for child in children {
                switch child.mode {
                case .tree: pending.append(child.id)
                case .blob, .executable: if seen.insert(child.id).inserted { blobs.append(child.id) }
                default: break
                }
            }
        }
        guard blobs.count >= prefetchAtLeast else { return [:] }
        let middle = blobs.count / 2
        let path = repository.path
        let tail = Array(blobs[middle...])
        let (here, other) = BothCores.run({ Self.decode(blobs[..<middle], with: repository) }, alongside: {
            () -> [(id: ObjectID, record: FileRecord.Decoded)]? in
            guard let own = try? Repository.open(at: path) else { return nil }
            return Self.decode(tail[...], with: own)
        })
        var records = [ObjectID: FileRecord.Decoded](minimumCapacity: blobs.count)
        // Should the other handle not open, its half is read here.
        for part in [here, other ?? Self.decode(tail[...], with: repository)] {
            for (id, record) in part { records[id] = record }
        }
        return records
    }

    /// The records of `ids` that read and decode, through `repository`.
    private static func decode(_ ids: ArraySlice<ObjectID>, with repository: Repository)
        -> [(id: ObjectID, record: FileRecord.Decoded)] {
        var out: [(id: ObjectID, record: FileRecord.Decoded)] = []
        out.reserveCapacity(ids.count)
        for id in ids {
            guard let bytes = try? repository.readBlob(id), let record = FileRecord.decode(bytes) else { continue }
            out.append((id, record))
        }
        return out
    }
}

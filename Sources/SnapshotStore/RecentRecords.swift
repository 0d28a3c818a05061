import Git

/// The file records a walk decoded lately, by blob id, in a table of fixed size indexed by
/// the id's leading bits: a file whose content another file of the build has (an empty
/// file, an image copied into every language) takes the record decoded for the other
/// instead of reading its blob again. Nothing is hashed (a dictionary by id cost a third of
/// a walk, more than reading the blobs it spared in a build of distinct files), and an id
/// that meets another in its slot replaces it: a crafted history costs at most the one
/// blob read a file costs without the table.
struct RecentRecords {
    private var slots: [(id: ObjectID, record: FileRecord.Decoded)?]
    private let shift: UInt64

    /// A table of `1 << bits` slots.
    init(bits: Int = 12) {
        slots = Array(repeating: nil, count: 1 << bits)
        shift = UInt64(64 - bits)
    }

    private func slot(_ id: ObjectID) -> Int { Int(truncatingIfNeeded: id.leadingWord >> shift) }

    /// The record kept for blob `id`, if its slot still holds it.
    func record(_ id: ObjectID) -> FileRecord.Decoded? {
        guard let kept = slots[slot(id)], kept.id == id else { return nil }
        return kept.record
    }

    /// Keeps `record` as blob `id`'s, in place of what its slot held.
    mutating func keep(_ id: ObjectID, _ record: FileRecord.Decoded) {
        slots[slot(id)] = (id, record)
    }
}

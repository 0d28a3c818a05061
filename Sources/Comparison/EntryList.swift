import BundleModel

/// Some of an index's sorted entries, in path order, named by their positions: a bundle's
/// own files (`SnapshotIndex.files(of:)`) and the files outside every bundle. The index
/// keeps one array of entries; a list holds four bytes a file instead of a copy of each
/// entry (64 bytes and two retains): for 20,000 files on each side of a comparison, 2.6 MB
/// of a 14 MB heap, and 0.965 of the time.
public struct EntryList: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable {
    private let entries: [FileEntry]
    /// Positions in `entries`, ascending; nil for every entry in order.
    private let positions: [Int32]?

    init(_ entries: [FileEntry], positions: [Int32]?) {
        self.entries = entries
        self.positions = positions
    }

    /// The entries themselves, in order (a list not drawn from an index, as tests make).
    public init(arrayLiteral elements: FileEntry...) { self.init(elements, positions: nil) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { positions?.count ?? entries.count }

    public subscript(position: Int) -> FileEntry { entries[positions.map { Int($0[position]) } ?? position] }

    /// The list in place, for the merges that read entries without copying each one out.
    func withPlaces<R>(_ body: (Places) -> R) -> R {
        entries.withUnsafeBufferPointer { buffer in
            guard let positions else { return body(Places(buffer: buffer, positions: nil)) }
            return positions.withUnsafeBufferPointer { body(Places(buffer: buffer, positions: $0)) }
        }
    }

    /// An `EntryList` in place: valid only inside `withPlaces`.
    struct Places {
        let buffer: UnsafeBufferPointer<FileEntry>
        let positions: UnsafeBufferPointer<Int32>?

        var count: Int { positions?.count ?? buffer.count }

        /// The entry at `index` of the list, read where it lies (no copy, no retain).
        subscript(index: Int) -> FileEntry {
            unsafeAddress { buffer.baseAddress.unsafelyUnwrapped + (positions.map { Int($0[index]) } ?? index) }
        }
    }
}

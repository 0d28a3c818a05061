/// Entries in path order, named by their positions in arrays kept elsewhere: a build's
/// entries (`BuildSnapshot.entries`), a bundle's own files (`SnapshotIndex.files(of:)`).
///
/// A list holds four bytes an entry instead of a copy of each one (56 bytes and two
/// retains). Three shapes:
/// - an array of its own, in order (`init(_:)`);
/// - some of another list's entries (`sublist(_:)`): a bundle's files in its index;
/// - an overlay (`init(base:extra:positions:)`): the second build of a comparison reads
///   each folder the first one has the same as a run of the first build's positions, and
///   holds only the entries of the folders that changed (`extra`), so that it costs what
///   changed instead of a second copy of every entry.
public struct EntryList: RandomAccessCollection, ExpressibleByArrayLiteral, Equatable, Sendable {
    private let entries: [FileEntry]
    /// Entries of the list's own, named by negative positions (`~index`).
    private let extra: [FileEntry]
    /// Positions, in list order: `p >= 0` names `entries[p]`, `p < 0` names `extra[~p]`;
    /// nil for every entry of `entries` in order.
    private let positions: [Int32]?
    /// Whether the list is known to be sorted by path (`sortedByPath` made it): each build
    /// is checked once, not by each reader of it.
    private let knownSorted: Bool

    /// `entries`, every one in order.
    public init(_ entries: [FileEntry]) {
        self.init(entries, extra: [], positions: nil)
    }

    /// An overlay: entries of `base` (positions at least 0) and of `extra` (`~index`).
    public init(base: [FileEntry], extra: [FileEntry], positions: [Int32]) {
        self.init(base, extra: extra, positions: positions)
    }

    private init(_ entries: [FileEntry], extra: [FileEntry], positions: [Int32]?, knownSorted: Bool = false) {
        self.entries = entries
        self.extra = extra
        self.positions = positions
        self.knownSorted = knownSorted
    }

    public init(arrayLiteral elements: FileEntry...) { self.init(elements) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { positions?.count ?? entries.count }

    public subscript(position: Int) -> FileEntry {
        _read {
            guard let positions else {
                yield entries[position]
                return
            }
            let p = positions[position]
            if p >= 0 { yield entries[Int(p)] } else { yield extra[Int(~p)] }
        }
    }

    /// The entries at `positions` of this list (each an index of it), in that order, named
    /// in the arrays this list names: a list drawn from a list holds no copy of either.
    public func sublist(_ positions: [Int32]) -> EntryList {
        guard let own = self.positions else { return EntryList(entries, extra: extra, positions: positions) }
        return EntryList(entries, extra: extra, positions: positions.map { own[Int($0)] })
    }

    /// Where each entry of this list lies in `other`, when this list is an overlay drawn over
    /// `other`'s own array (the second build of a comparison over the first, both in path
    /// order): `p >= 0` is `other[p]`, a negative value an entry of this list's own. Nil
    /// when this list names no array of `other`'s: `other` is itself drawn from another, or
    /// is a sorted copy (a build whose walk, in git's order, was not in path order, as
    /// `Assets.car` before the folder `Assets`). So that what was worked out for each entry
    /// of `other` can be taken for the entries the two lists share.
    public func positions(over other: EntryList) -> [Int32]? {
        guard let positions, other.positions == nil else { return nil }
        let same = entries.withUnsafeBufferPointer { mine in
            other.entries.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress && mine.count == theirs.count }
        }
        return same ? positions : nil
    }

    /// The entries as one array of their own (a copy of each; for the few readers that
    /// need an array, or a list that is to be sorted).
    public var array: [FileEntry] { positions == nil ? entries : Array(self) }

    /// How many entries the list holds itself rather than names in another build's array.
    public var ownEntryCount: Int { positions == nil ? entries.count : extra.count }

    /// The list sorted by path: itself when it is (checked in one pass, unless known), else
    /// a sorted copy; either way known to be sorted, so that asking again costs nothing.
    public var sortedByPath: EntryList {
        if knownSorted { return self }
        guard isSortedByPath else { return EntryList(sorted { $0.path < $1.path }, extra: [], positions: nil, knownSorted: true) }
        return EntryList(entries, extra: extra, positions: positions, knownSorted: true)
    }

    /// Whether the entries are sorted by path (each path at least its predecessor): one
    /// pass, so that a list already in order is used as it is rather than sorted into a copy.
    public var isSortedByPath: Bool {
        if knownSorted { return true }
        return withPlaces { places in
            var k = 1
            while k < places.count {
                if places[k].path < places[k - 1].path { return false }
                k += 1
            }
            return true
        }
    }

    public static func == (a: EntryList, b: EntryList) -> Bool {
        a.count == b.count && a.elementsEqual(b)
    }

    /// The list in place, for the passes that read entries without copying each one out.
    public func withPlaces<R>(_ body: (Places) -> R) -> R {
        entries.withUnsafeBufferPointer { buffer in
            guard let positions else { return body(Places(buffer: buffer, extra: nil, positions: nil)) }
            return extra.withUnsafeBufferPointer { extra in
                positions.withUnsafeBufferPointer { body(Places(buffer: buffer, extra: extra, positions: $0)) }
            }
        }
    }

    /// An `EntryList` in place: valid only inside `withPlaces`.
    /// Inlinable: the index and the comparison read every entry of both builds through it
    /// (called across modules, each read was a call).
    public struct Places {
        @usableFromInline let buffer: UnsafeBufferPointer<FileEntry>
        @usableFromInline let extra: UnsafeBufferPointer<FileEntry>?
        @usableFromInline let positions: UnsafeBufferPointer<Int32>?

        @usableFromInline init(buffer: UnsafeBufferPointer<FileEntry>, extra: UnsafeBufferPointer<FileEntry>?,
                               positions: UnsafeBufferPointer<Int32>?) {
            self.buffer = buffer
            self.extra = extra
            self.positions = positions
        }

        @inlinable public var count: Int { positions?.count ?? buffer.count }

        /// How many entries from `i` on are, one for one, the very entries that `other` holds
        /// from `j` on: both lists name them in the same array, at the same positions (the
        /// second build of a comparison names the first one's entries, `EntryList`). Such
        /// entries are equal without a look at them; 0 when the lists share no array.
        @inlinable public func sameEntries(from i: Int, as other: Places, from j: Int) -> Int {
            guard let mine = positions, let theirs = other.positions, buffer.baseAddress == other.buffer.baseAddress else {
                return 0
            }
            var k = 0
            while i + k < mine.count, j + k < theirs.count {
                let p = mine[i + k]
                // A negative position names the list's own `extra`, which the other does not share.
                guard p >= 0, p == theirs[j + k] else { break }
                k += 1
            }
            return k
        }

        /// The entry at `index` of the list, read where it lies (no copy, no retain).
        @inlinable public subscript(index: Int) -> FileEntry {
            unsafeAddress {
                guard let positions else { return buffer.baseAddress.unsafelyUnwrapped + index }
                let p = Int(positions[index])
                return p >= 0 ? buffer.baseAddress.unsafelyUnwrapped + p : extra.unsafelyUnwrapped.baseAddress.unsafelyUnwrapped + ~p
            }
        }
    }
}

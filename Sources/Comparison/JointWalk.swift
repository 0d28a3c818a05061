import BundleModel

/// The skipping half of one file merge (`Comparer.fileChanges`): when the merge meets a
/// path present on both sides, the folders around it not yet looked at are tested,
/// outermost first; the first one shared on both sides (`SharedFolders`) is passed over
/// whole, on both sides, by binary search. Each folder is tested once per merge.
struct JointWalk {
    let shared: SharedFolders
    let oldRoot: BundlePath
    let newRoot: BundlePath
    /// The folder (relative to the roots) that was tested last, with all its ancestors;
    /// nil before the first test, empty when only the roots were.
    private var tested: [UInt8]?
    /// Files passed over on the old side (for tests: proof that the walk skipped them).
    private(set) var skipped = 0

    init(shared: SharedFolders, oldRoot: BundlePath, newRoot: BundlePath) {
        self.shared = shared
        self.oldRoot = oldRoot
        self.newRoot = newRoot
    }

    private static let slash = UInt8(ascii: "/")

    /// `relative` is the path (below the roots) of `old[i]` and of `new[j]`, in place (a
    /// slice of the entry's array retained its path at every pair the merge met). When a
    /// folder around it is shared, the ends of that folder's runs in `old` and `new`.
    mutating func pass(_ relative: UnsafeRawBufferPointer, old: EntryList.Places, at i: Int,
                       new: EntryList.Places, at j: Int) -> (old: Int, new: Int)? {
        if isTested(relative) { return nil }
        let parent = UnsafeRawBufferPointer(rebasing: relative[..<(ByteRun.lastSlash(in: relative) ?? 0)])
        let done = testedLength(parent)
        var lengths: [Int] = done < 0 ? [0] : []
        for offset in parent.indices where parent[offset] == Self.slash && offset > done { lengths.append(offset) }
        if parent.count > max(done, 0) { lengths.append(parent.count) }
        for length in lengths {
            let folder = UnsafeRawBufferPointer(rebasing: parent[..<length])
            let oldFolder = Self.join(oldRoot, folder)
            // The roots are mostly the same bundle path on both sides: one path serves both.
            let newFolder = oldRoot == newRoot ? oldFolder : Self.join(newRoot, folder)
            guard shared.isShared(old: oldFolder, new: newFolder, isRoot: length == 0) else { continue }
            let ends = length == 0 ? (old.count, new.count)
                : (Self.runEnd(old, from: i, below: oldFolder), Self.runEnd(new, from: j, below: newFolder))
            tested = Array(folder[..<(ByteRun.lastSlash(in: folder) ?? 0)])
            skipped += ends.0 - i
            return ends
        }
        tested = Array(parent)
        return nil
    }

    /// Whether the folder `relative` lies in was the last one tested, so that `pass` would
    /// find nothing: the merge asks this first, over the paths in place, and calls `pass`
    /// only for a new folder (a call that is handed the entries has their paths retained
    /// around it, at every pair).
    func isTested(_ relative: UnsafeRawBufferPointer) -> Bool {
        let parent = UnsafeRawBufferPointer(rebasing: relative[..<(ByteRun.lastSlash(in: relative) ?? 0)])
        return tested?.withUnsafeBytes { ByteRun.equal(parent, $0) } == true
    }

    /// How much of `parent` was tested already: the length of the longest folder both it
    /// and `tested` start with (0: the roots only), -1 when nothing was.
    private func testedLength(_ parent: UnsafeRawBufferPointer) -> Int {
        guard let tested else { return -1 }
        var k = 0
        while k < tested.count, k < parent.count, tested[k] == parent[k] { k += 1 }
        if (k == tested.count || tested[k] == Self.slash) && (k == parent.count || parent[k] == Self.slash) { return k }
        return tested[..<k].lastIndex(of: Self.slash) ?? 0
    }

    private static func join(_ root: BundlePath, _ relative: UnsafeRawBufferPointer) -> BundlePath {
        if relative.isEmpty { return root }
        return root.isRoot ? BundlePath(bytes: Array(relative)) : BundlePath(bytes: root.bytes + [slash] + relative)
    }

    /// The first index from `start` whose path is not below `folder` (`files` sorted by
    /// path, `files[start]` below it): the paths below `folder` are one run in path order
    /// (from `folder/` up to `folder0`, `0` being the byte after `/`), so "below `folder`"
    /// holds up to the run's end and never after. Galloping from `start` (a folder's run is
    /// mostly short), then a binary search: the probes stay near `start` instead of touching
    /// paths all over the build.
    private static func runEnd(_ files: EntryList.Places, from start: Int, below folder: BundlePath) -> Int {
        // Every index up to `known` is below `folder`; `probe` is past the run or the end.
        var known = start, probe = start + 1, step = 1
        while probe < files.count, files[probe].path.isWithin(folder) {
            known = probe
            step *= 2
            probe = start + step
        }
        var low = known + 1, high = Swift.min(probe, files.count)
        while low < high {
            let mid = low + (high - low) / 2
            if files[mid].path.isWithin(folder) { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

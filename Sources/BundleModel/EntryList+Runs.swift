extension EntryList {
    /// In a list sorted by path: the first position whose path is not before `path`.
    public func lowerBound(_ path: BundlePath) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = low + (high - low) / 2
            if self[mid].path < path { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// In a list sorted by path: the positions whose paths lie below `folder` (not `folder`
    /// itself), one run, from `folder/` up to `folder0` (`0` is the byte after `/`); below
    /// the root, every path but the root's.
    public func run(below folder: BundlePath) -> Range<Int> {
        guard !folder.isRoot else { return lowerBound(BundlePath(bytes: [0]))..<count }
        return lowerBound(BundlePath(bytes: folder.bytes + [UInt8(ascii: "/")]))
            ..< lowerBound(BundlePath(bytes: folder.bytes + [UInt8(ascii: "0")]))
    }
}

extension Array where Element == FileEntry {
    /// Whether the entries are sorted by path (each path at least its predecessor): one
    /// pass, so that a list already in order is used as it is rather than sorted into a copy.
    public var isSortedByPath: Bool {
        withUnsafeBufferPointer { buffer in
            var k = 1
            while k < buffer.count {
                if buffer[k].path < buffer[k - 1].path { return false }
                k += 1
            }
            return true
        }
    }
}

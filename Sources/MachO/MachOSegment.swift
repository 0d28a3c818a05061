/// A segment's name and sizes (`LC_SEGMENT`/`LC_SEGMENT_64`).
public struct MachOSegment: Hashable, Sendable {
    /// `__TEXT`, `__DATA`, `__LINKEDIT`, …
    public var name: String
    /// Size in memory.
    public var vmSize: UInt64
    /// Size in the file.
    public var fileSize: UInt64

    /// A segment with the given facts.
    public init(name: String, vmSize: UInt64, fileSize: UInt64) {
        self.name = name
        self.vmSize = vmSize
        self.fileSize = fileSize
    }
}

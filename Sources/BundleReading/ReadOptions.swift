#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Stores

/// How `BuildReader` reads an input: progress reporting, safety limits and parallelism.
public struct ReadOptions: Sendable {
    /// Bounds that protect against hostile or broken inputs (zip bombs, endless trees).
    public struct Limits: Sendable, Hashable {
        /// Most bytes the files of one build may hold (uncompressed). Default 16 GiB.
        public var maxTotalBytes: UInt64
        /// Most entries (files, directories, symlinks) one build may hold. Default 1,000,000.
        public var maxEntries: Int
        /// Property lists larger than this are recorded as undecodable ("too large"). Default 32 MiB.
        public var maxPlistBytes: UInt64
        /// Most components a recorded path may have. Default 4,096.
        public var maxPathDepth: Int
        /// Most bytes all recorded paths may hold together, folders a zip implies but does
        /// not list included (deep chains cost their depth squared). Default 128 MiB.
        public var maxTotalPathBytes: UInt64
        /// Most bytes of property lists one build may ask to decode (each file at most
        /// `maxPlistBytes`). Default 128 MiB.
        public var maxTotalPlistBytes: UInt64
        /// Mach-O files larger than this are recorded without their facts. Default 1 GiB.
        public var maxMachOBytes: UInt64

        public init(maxTotalBytes: UInt64 = 16 << 30, maxEntries: Int = 1_000_000,
                    maxPlistBytes: UInt64 = 32 << 20, maxPathDepth: Int = 4_096,
                    maxTotalPathBytes: UInt64 = 128 << 20, maxTotalPlistBytes: UInt64 = 128 << 20,
                    maxMachOBytes: UInt64 = 1 << 30) {
            self.maxTotalBytes = maxTotalBytes
            self.maxEntries = maxEntries
            self.maxPlistBytes = maxPlistBytes
            self.maxPathDepth = maxPathDepth
            self.maxTotalPathBytes = maxTotalPathBytes
            self.maxTotalPlistBytes = maxTotalPlistBytes
            self.maxMachOBytes = maxMachOBytes
        }
    }

    /// Called from worker threads as content is read: bytes done so far and bytes in total.
    public var progress: (@Sendable (_ doneBytes: UInt64, _ totalBytes: UInt64) -> Void)?
    public var limits: Limits
    /// Worker threads for hashing and inflating; 0 (the default) means one per core.
    public var concurrency: Int
    /// Whether Mach-O facts are read (on by default; off only to measure their cost).
    public var readsMachO: Bool
    /// Bounds on reading each SQLite store (size, rows counted, steps, time).
    public var storeLimits = StoreLimits()

    public init(progress: (@Sendable (_ doneBytes: UInt64, _ totalBytes: UInt64) -> Void)? = nil,
                limits: Limits = .init(), concurrency: Int = 0, readsMachO: Bool = true) {
        self.progress = progress
        self.limits = limits
        self.concurrency = concurrency
        self.readsMachO = readsMachO
    }

    /// The number of workers to use (at least 1).
    var workerCount: Int {
        if concurrency > 0 { return concurrency }
        let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return cores > 0 ? Int(cores) : 1
    }
}

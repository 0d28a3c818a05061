import BundleModel

/// The one account of what a build may hold, charged entry by entry by every reader (the
/// directory walk and the zip's central directory alike): entries, bytes of file content,
/// path depth, path bytes and bytes of property lists to decode. The limits are
/// `ReadOptions.Limits` and the messages are the same whatever the input, and a build
/// over a limit is refused while it is listed, before any content is read.
struct ReadBudget {
    let limits: ReadOptions.Limits
    private(set) var entries = 0
    private(set) var contentBytes: UInt64 = 0
    private(set) var pathBytes: UInt64 = 0
    private(set) var plistBytes: UInt64 = 0

    init(limits: ReadOptions.Limits) { self.limits = limits }

    /// A limit the build goes past.
    enum Exceeded: Equatable {
        case entries, contentBytes, pathBytes, plistBytes
        /// One entry's path is too deep: the message names that entry.
        case depth
    }

    /// Charges one entry at `path`, which has `depth` components (`size` counts for files
    /// and symlinks); returns the limit it goes past, if any. Constant work per entry
    /// beyond the plist-name check, so a build costs in proportion to what it holds.
    mutating func charge(_ path: BundlePath, depth: Int, kind: FileEntry.Kind, size: UInt64) -> Exceeded? {
        entries += 1
        guard entries <= limits.maxEntries else { return .entries }
        guard depth <= limits.maxPathDepth else { return .depth }
        pathBytes += UInt64(path.bytes.count)
        guard pathBytes <= limits.maxTotalPathBytes else { return .pathBytes }
        guard kind != .directory else { return nil }
        let (sum, overflow) = contentBytes.addingReportingOverflow(size)
        guard !overflow, sum <= limits.maxTotalBytes else { return .contentBytes }
        contentBytes = sum
        if kind == .file, size <= limits.maxPlistBytes, PlistFiles.shouldDecode(path) {
            plistBytes += size
            guard plistBytes <= limits.maxTotalPlistBytes else { return .plistBytes }
        }
        return nil
    }

    /// The problem, for `InputError` (the file named is the build, or for `.depth` the
    /// entry, as the reader spells it).
    func message(_ exceeded: Exceeded) -> String {
        switch exceeded {
        case .entries: "has more than \(limits.maxEntries) entries (the limit)"
        case .contentBytes: "holds more than \(limits.maxTotalBytes) bytes of file content (the limit)"
        case .depth: "is nested too deeply (more than \(limits.maxPathDepth) levels)"
        case .pathBytes: "has paths totalling more than \(limits.maxTotalPathBytes) bytes (the limit)"
        case .plistBytes: "has more than \(limits.maxTotalPlistBytes) bytes of property lists to decode (the limit)"
        }
    }
}

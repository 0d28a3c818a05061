/// Lookup over recorded entries: by path, and the children of each directory.
/// Used to find Info.plists and `.lproj` folders without touching the disk.
public struct EntryIndex: Sendable {
    public private(set) var byPath: [BundlePath: FileEntry] = [:]
    /// The names in each directory, in entry order.
    public private(set) var children: [BundlePath: [[UInt8]]] = [:]

    public init(_ entries: some Collection<FileEntry>) {
        byPath.reserveCapacity(entries.count)
        for entry in entries {
            byPath[entry.path] = entry
            children[entry.path.parent, default: []].append(entry.path.name)
        }
    }

    public subscript(path: BundlePath) -> FileEntry? { byPath[path] }

    /// Names of the subdirectories of `path`, sorted bytewise.
    public func subdirectories(of path: BundlePath) -> [[UInt8]] {
        (children[path] ?? [])
            .filter { byPath[path.appending($0)]?.kind == .directory }
            .sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// The outcome of following a relative path through recorded symlinks.
    public enum Resolution: Equatable, Sendable {
        /// The real (symlink-free) path and its entry.
        case found(BundlePath, FileEntry)
        case missing
        /// A symlink on the way points outside `root` (or is absolute).
        case escapes(link: BundlePath)
        /// Following symlinks did not terminate.
        case loops(link: BundlePath)
    }

    /// Follows `components` below `root`, lexically, through recorded symlinks, never
    /// leaving `root` and giving up after 40 links (as the kernel does).
    public func resolve(_ components: [[UInt8]], within root: BundlePath) -> Resolution {
        var pending = Array(components.reversed())
        var current: [[UInt8]] = []
        var hops = 0
        while let component = pending.popLast() {
            if component.isEmpty || component == [0x2E] { continue }
            if component == [0x2E, 0x2E] {
                guard !current.isEmpty else { return .missing }
                current.removeLast()
                continue
            }
            let path = Self.path(root, current + [component])
            guard let entry = byPath[path] else { return .missing }
            guard entry.kind == .symlink else {
                current.append(component)
                continue
            }
            hops += 1
            guard hops <= 40 else { return .loops(link: path) }
            let target = entry.symlinkTarget ?? []
            guard target.first != UInt8(ascii: "/") else { return .escapes(link: path) }
            // A target climbing above `root` escapes the bundle.
            var depth = current.count
            for part in target.split(separator: UInt8(ascii: "/")) {
                if part.elementsEqual([0x2E, 0x2E]) {
                    depth -= 1
                    if depth < 0 { return .escapes(link: path) }
                } else if !part.elementsEqual([0x2E]) {
                    depth += 1
                }
            }
            pending.append(contentsOf: target.split(separator: UInt8(ascii: "/")).map(Array.init).reversed())
        }
        let path = Self.path(root, current)
        guard let entry = byPath[path] else { return .missing }
        return .found(path, entry)
    }

    private static func path(_ root: BundlePath, _ components: [[UInt8]]) -> BundlePath {
        var path = root
        for c in components { path = path.appending(c) }
        return path
    }
}

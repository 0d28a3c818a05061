import BundleModel

/// Whether an icon entry of an iOS-family Info.plist names an image of the bundle, the way
/// the system completes it: `Name`, `Name.png`, `Name@2x.png`, `Name~ipad.png`,
/// `Name@2x~ipad.png` (case-insensitive), in the named folder or a `.lproj` folder beside it.
///
/// Only the folders the entries point at are indexed: a file can answer an entry only
/// when it lies directly in that folder or in a folder directly below it (a `.lproj`), so
/// every other file is passed over by a byte comparison, without decoding its name.
struct IconNameMatch {
    /// Image names (lowercased, reduced to their base) by folder, for the folders entries name.
    private var bases: [BundlePath: Set<String>] = [:]
    private let bundle: BundlePath
    /// How many files were indexed (for tests: proof that other folders were skipped).
    private(set) var indexed = 0

    /// The images of bundle `b` that can answer `entries` (the icon names its Info.plist gives).
    init(build: CheckContext, bundle b: BundleInfo, entries: some Sequence<String>) {
        bundle = b.path
        let folders = Set(entries.compactMap { folder(of: $0)?.folder })
        guard !folders.isEmpty else { return }
        let slash = UInt8(ascii: "/")
        for e in build.index.files(of: b) where e.kind != .directory {
            // The folder that can hold a matching image is the file's parent, or its
            // grandparent: files deeper below every named folder cannot answer.
            let bytes = e.path.bytes
            guard folders.contains(where: { f in
                guard f.isRoot || (bytes.count > f.bytes.count && bytes.starts(with: f.bytes) && bytes[f.bytes.count] == slash)
                else { return false }
                let rest = bytes[(f.isRoot ? 0 : f.bytes.count + 1)...]
                return rest.lazy.filter { $0 == slash }.count <= 1
            }) else { continue }
            var folder = e.path.parent
            if folder.nameString.hasSuffix(".lproj") { folder = folder.parent }
            guard folders.contains(folder) else { continue }
            let name = e.path.nameString.lowercased()
            bases[folder, default: []].insert(name)
            bases[folder, default: []].insert(Self.base(name))
            indexed += 1
        }
    }

    /// `name` lowercased without `.png`, a `~device` suffix and an `@Nx` scale suffix.
    static func base(_ name: String) -> String {
        var s = Substring(name.lowercased())
        if s.hasSuffix(".png") { s = s.dropLast(4) }
        if let tilde = s.lastIndex(of: "~") { s = s[..<tilde] }
        if let at = s.lastIndex(of: "@"), s[s.index(after: at)...].hasSuffix("x"),
           s[s.index(after: at)...].dropLast().allSatisfy(\.isNumber), s.index(after: at) < s.endIndex {
            s = s[..<at]
        }
        return String(s)
    }

    /// The folder `entry` points at and its last part; nil when it leaves the bundle or
    /// names nothing.
    private func folder(of entry: String) -> (folder: BundlePath, last: Substring)? {
        guard !entry.hasPrefix("/") else { return nil }
        var folder = bundle
        let parts = entry.split(separator: "/", omittingEmptySubsequences: true)
        guard let last = parts.last else { return nil }
        for part in parts.dropLast() {
            if part == "." { continue }
            if part == ".." { return nil }
            folder = folder.appending(String(part))
        }
        return (folder, last)
    }

    /// Whether an image answers `entry` (one of the entries given at `init`).
    func exists(_ entry: String) -> Bool {
        guard let (folder, last) = folder(of: entry), let names = bases[folder] else { return false }
        let lower = last.lowercased()
        return names.contains(lower) || names.contains(Self.base(lower))
    }
}

import BundleModel

/// Whether an icon entry of an iOS-family Info.plist names an image of the bundle, the way
/// the system completes it: `Name`, `Name.png`, `Name@2x.png`, `Name~ipad.png`,
/// `Name@2x~ipad.png` (case-insensitive), in the named folder or a `.lproj` folder beside it.
struct IconNameMatch {
    /// Image names (lowercased, reduced to their base) by folder.
    private var bases: [BundlePath: Set<String>] = [:]
    private let bundle: BundlePath

    init(build: CheckContext, bundle b: BundleInfo) {
        bundle = b.path
        for e in build.index.files(of: b) where e.kind != .directory {
            var folder = e.path.parent
            if folder.nameString.hasSuffix(".lproj") { folder = folder.parent }
            let name = e.path.nameString.lowercased()
            bases[folder, default: []].insert(name)
            bases[folder, default: []].insert(Self.base(name))
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

    func exists(_ entry: String) -> Bool {
        guard !entry.hasPrefix("/") else { return false }
        var folder = bundle
        let parts = entry.split(separator: "/", omittingEmptySubsequences: true)
        guard let last = parts.last else { return false }
        for part in parts.dropLast() {
            if part == "." { continue }
            if part == ".." { return false }
            folder = folder.appending(String(part))
        }
        guard let names = bases[folder] else { return false }
        let lower = last.lowercased()
        return names.contains(lower) || names.contains(Self.base(lower))
    }
}

extension BundleScanner {
    /// Where a bundle keeps its Info.plist and resources, and what went wrong looking.
    public struct Location: Equatable, Sendable {
        public var layout: BundleInfo.Layout
        public var infoPlistPath: BundlePath
        public var resourcesPath: BundlePath
        /// Whether `infoPlistPath` is a recorded regular file.
        public var found: Bool
        /// A symlink met on the way that escaped the bundle or looped, when nothing was found.
        public var problem: EntryIndex.Resolution?
    }

    /// Looks, in order, for `Contents/Info.plist`, `Versions/<Current>/Resources/Info.plist`,
    /// `Resources/Info.plist` and `Info.plist`, following symlinks lexically inside the bundle.
    public static func locate(_ bundle: BundlePath, in index: EntryIndex) -> Location {
        var problem: EntryIndex.Resolution?
        func file(_ parts: [String]) -> BundlePath? {
            switch index.resolve(parts.map { Array($0.utf8) }, within: bundle) {
            case .found(let path, let entry): return entry.kind == .file ? path : nil
            case .missing: return nil
            case let other:
                if problem == nil { problem = other }
                return nil
            }
        }
        func directory(_ parts: [[UInt8]]) -> BundlePath? {
            if case .found(let path, let entry) = index.resolve(parts, within: bundle), entry.kind == .directory {
                return path
            }
            return nil
        }
        if let plist = file(["Contents", "Info.plist"]) {
            let resources = directory([Array("Contents".utf8), Array("Resources".utf8)])
                ?? bundle.appending("Contents").appending("Resources")
            return Location(layout: .contents, infoPlistPath: plist, resourcesPath: resources, found: true)
        }
        if let version = currentVersion(bundle, index: index),
           let plist = file(["Versions", version, "Resources", "Info.plist"]) {
            return Location(layout: .versionedFramework, infoPlistPath: plist, resourcesPath: plist.parent,
                            found: true)
        }
        if let plist = file(["Resources", "Info.plist"]) {
            // Through `Resources` → `Versions/<v>/Resources`, or CFBundle's old-style layout
            // (CEF's framework; a framework copied without its links): either way the
            // executable lies beside `Resources/`, and the folder holding both is sealed.
            // The folder holding both is the version folder the plist lies in, else the bundle
            // itself, wherever a link inside it leads (`Resources -> .`).
            let versions = bundle.appending("Versions")
            let resources = plist.isWithin(versions) ? plist.parent : bundle.appending("Resources")
            return Location(layout: .versionedFramework, infoPlistPath: plist, resourcesPath: resources, found: true)
        }
        if let plist = file(["Info.plist"]) {
            return Location(layout: .flat, infoPlistPath: plist, resourcesPath: bundle, found: true)
        }
        if index[bundle.appending("Contents")]?.kind == .directory {
            let contents = bundle.appending("Contents")
            return Location(layout: .contents, infoPlistPath: contents.appending("Info.plist"),
                            resourcesPath: contents.appending("Resources"), found: false, problem: problem)
        }
        return Location(layout: .flat, infoPlistPath: bundle.appending("Info.plist"), resourcesPath: bundle,
                        found: false, problem: problem)
    }

    /// The version folder `Versions/Current` points to (lexically, inside the bundle),
    /// else the only folder in `Versions/`.
    private static func currentVersion(_ bundle: BundlePath, index: EntryIndex) -> String? {
        let versions = bundle.appending("Versions")
        guard index[versions]?.kind == .directory else { return nil }
        let current = index.resolve([Array("Versions".utf8), Array("Current".utf8)], within: bundle)
        if case .found(let path, let entry) = current, entry.kind == .directory, path.parent == versions {
            return path.nameString
        }
        let candidates = index.subdirectories(of: versions).filter { $0 != Array("Current".utf8) }
        guard candidates.count == 1, let only = candidates.first else { return nil }
        return String(decoding: only, as: UTF8.self)
    }
}

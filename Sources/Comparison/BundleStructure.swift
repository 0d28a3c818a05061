import BundleModel

/// A bundle's own anatomy, as opposed to its resources: the files every bundle of its
/// kind has because it is a bundle, never because a developer put them there.
///
/// They belong to their bundle's identity: a bundle's `Info.plist` cannot "move" into
/// another bundle (that would be one bundle removed and another added), and nobody looks
/// them up by path, so they never take part in move detection.
///
/// Structural, relative to the bundle's content root (the bundle itself when flat,
/// `Contents/` for macOS bundles, `Versions/<v>/` for versioned frameworks):
/// - the Info.plist the bundle was read from;
/// - signature files (`_CodeSignature/*`, `CodeResources`, provisioning profiles);
/// - `PkgInfo`, the main executable (`<exe>` or `MacOS/<exe>`);
/// - everything under `Headers/`, `PrivateHeaders/` and `Modules/`;
/// - in a versioned framework, every symbolic link outside its resources folder
///   (`Versions/Current`, the top-level `Headers`, `Resources`, `<exe>` links);
/// - a privacy manifest (`PrivacyInfo.xcprivacy`) anywhere in it: Apple reads it wherever
///   it lies (the bundle, or a resource bundle an SDK puts it in), and no code looks it up.
enum BundleStructure {
    static func isStructural(_ entry: FileEntry, of bundle: BundleInfo) -> Bool {
        let path = entry.path
        if path == bundle.infoPlistPath || path.nameIs("PrivacyInfo.xcprivacy") { return true }
        guard let inBundle = path.relative(to: bundle.path), !inBundle.isRoot else { return false }
        if SignatureNoiseClassifier.isSignatureFile(inBundle) { return true }
        if bundle.layout == .versionedFramework, entry.kind == .symlink, !path.isWithin(bundle.resourcesPath) {
            return true
        }
        let root = bundle.contentRoot
        guard let rel = path.relative(to: root), let first = rel.components.first else { return false }
        if Self.codeFolders.contains(first) { return true }
        let parts = rel.components
        let executable = Array((bundle.executable ?? Self.stem(bundle.path.nameString)).utf8)
        if parts.count == 1 {
            return parts[0] == executable || parts[0] == Array("PkgInfo".utf8) || parts[0] == Array("CodeResources".utf8)
        }
        return parts.count == 2 && parts[0] == Array("MacOS".utf8) && parts[1] == executable
    }

    /// The removed and added entries of a versioned framework whose version folder was
    /// renamed (`Versions/A` to `Versions/B`, Sparkle 1 to 2; a Chromium framework's
    /// `Versions/<version>` at every update) that lie at the same place in both version
    /// folders: the same resource of the same bundle, never a move, since nothing looks a
    /// resource up through the version folder's name (`Bundle` resolves `Versions/Current`).
    /// Empty unless both sides are versioned frameworks with different version folders.
    static func unmovedInRenamedVersion(old: BundleInfo, new: BundleInfo, changes: FileChanges)
        -> (removed: Set<BundlePath>, added: Set<BundlePath>) {
        guard old.layout == .versionedFramework, new.layout == .versionedFramework else { return ([], []) }
        let (from, to) = (old.contentRoot, new.contentRoot)
        guard from != to else { return ([], []) }
        var removedAt: [BundlePath: BundlePath] = [:]
        for entry in changes.removed {
            if let inside = entry.path.relative(to: from), !inside.isRoot { removedAt[inside] = entry.path }
        }
        var removed = Set<BundlePath>(), added = Set<BundlePath>()
        for entry in changes.added {
            guard let inside = entry.path.relative(to: to), !inside.isRoot, let gone = removedAt[inside] else { continue }
            removed.insert(gone)
            added.insert(entry.path)
        }
        return (removed, added)
    }

    private static let codeFolders: Set<[UInt8]> = [Array("Headers".utf8), Array("PrivateHeaders".utf8),
                                                     Array("Modules".utf8)]

    /// `Core` for `Core.framework`.
    private static func stem(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}

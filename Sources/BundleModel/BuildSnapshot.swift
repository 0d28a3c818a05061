import MachO
import PropertyLists
import Stores

/// Everything recorded about one build: its file tree, decoded property lists and the
/// bundles found in it. Readers (directories, zips, archives) and the history store both
/// produce this value, so comparisons and rules never care where a build came from.
public struct BuildSnapshot: Sendable {
    /// What the build was read from.
    public enum SourceKind: String, Hashable, Sendable {
        case directory, ipa, zip, xcarchive
        /// An app's data container (`Documents/`, `Library/`, `tmp/`), not a build.
        case container
    }

    public var sourceKind: SourceKind
    /// The file name of the input (`MyApp.ipa`), informational only.
    public var sourceName: String
    /// Every entry, sorted by path bytes. The second build of a comparison names the first
    /// one's entries for the folders the two share (`EntryList`'s overlay).
    public var entries: EntryList
    /// Decoded property lists by path.
    public var plists: [BundlePath: DecodedPlist]
    /// Bundles found in the build, outermost first, then by path.
    public var bundles: [BundleInfo]
    /// Facts of the SQLite stores found (files with SQLite's header, or named `.sqlite`), by
    /// path. Read from folders on disk only; empty for zips and for builds recorded before
    /// stores were (rules read a missing entry as "not recorded", never as "no store").
    public var stores: [BundlePath: StoreFacts]
    /// Whose data container this is (only when `sourceKind` is `.container`).
    public var container: ContainerInfo?
    /// Mach-O facts by path, for every file that is Mach-O (by its magic). Empty for a build
    /// recorded before the facts were: rules that need them stay silent.
    public var machO: [BundlePath: MachOFile]
    /// Files that start with a Mach-O magic and do not read, with the reader's reason (one line).
    public var machOUnreadable: [BundlePath: String]
    /// Content ids of folders (a recorded build's git tree ids), by path: two folders with
    /// the same id hold the same names, kinds, modes and file records below them. Filled by
    /// the history reader, not necessarily for every folder; empty for a build read from
    /// disk. A comparison passes over a folder whose id is the same on both sides.
    public var folderIDs: [BundlePath: [UInt8]] = [:]
    /// Where what rules work out from this whole build is kept for the next command
    /// (`BuildFacts`): a recorded build's, from the history; nil for a build read from disk.
    public var facts: (any BuildFacts)?

    public init(sourceKind: SourceKind, sourceName: String, entries: EntryList,
                plists: [BundlePath: DecodedPlist], bundles: [BundleInfo], stores: [BundlePath: StoreFacts] = [:],
                container: ContainerInfo? = nil,
                machO: [BundlePath: MachOFile] = [:], machOUnreadable: [BundlePath: String] = [:]) {
        self.sourceKind = sourceKind
        self.sourceName = sourceName
        self.entries = entries
        self.plists = plists
        self.bundles = bundles
        self.stores = stores
        self.container = container
        self.machO = machO
        self.machOUnreadable = machOUnreadable
    }

    /// Whether this is an app's data container rather than a build.
    public var isContainer: Bool { sourceKind == .container }

    /// The main bundle: the outermost app (or the outermost bundle of any kind).
    public var mainBundle: BundleInfo? {
        let outer = bundles.filter { $0.parentPath == nil }
        return outer.first { $0.kind == .app } ?? outer.first
    }

    /// Total bytes of all files (saturating: never traps, whatever the sizes claim).
    public var totalBytes: UInt64 { entries.reduce(0) { $1.addingFileBytes(to: $0) } }

    /// Number of files (not directories or symlinks).
    public var fileCount: Int { entries.count { $0.kind == .file } }
}

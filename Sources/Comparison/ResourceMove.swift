import BundleModel

/// Content that left one path and appeared at another: the migration facts.
public struct ResourceMove: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// Same content at a new path, gone from the old one.
        case exact
        /// One file's content now at several paths (the old path is gone).
        case oneToMany = "one-to-many"
        /// Same name in another folder, or a similar name and size, with changed content.
        case renamedWithChanges = "renamed-with-changes"
        /// Only the letter case of the path changed.
        case caseOnly = "case-only"
        /// A file became a folder of the same base name (a compiled nib/storyboard).
        case becameFolder = "became-folder"
        /// A whole folder moved; `fileCount` files, reported once.
        case folder
    }

    /// Whether the move crosses a localization boundary.
    public enum LocalizationChange: Sendable, Hashable {
        /// Shared resource → `<lang>.lproj`.
        case intoLocalization(String)
        /// `<lang>.lproj` → shared resource.
        case outOfLocalization(String)
        /// One `.lproj` to another (`en.lproj` → `Base.lproj`).
        case betweenLocalizations(from: String, to: String)
    }

    public var kind: Kind
    /// Old path (a file, or the folder for `.folder`).
    public var from: BundlePath
    /// New path(s): one, except for `.oneToMany`.
    public var to: [BundlePath]
    /// Files the move covers (1 for a single file).
    public var fileCount: Int
    /// Files the old folder held (`.folder`): more than `fileCount` when the rest went
    /// elsewhere (the folder was split).
    public var folderFileCount: Int
    /// Whether any moved file's content changed on the way.
    public var contentChanged: Bool
    /// The old bundle's name (`BundleComparison.name`), nil outside bundles.
    public var fromBundle: String?
    /// The new bundle's name, nil outside bundles.
    public var toBundle: String?
    public var localization: LocalizationChange?

    public init(kind: Kind, from: BundlePath, to: [BundlePath], fileCount: Int = 1, folderFileCount: Int? = nil,
                contentChanged: Bool = false, fromBundle: String? = nil, toBundle: String? = nil,
                localization: LocalizationChange? = nil) {
        self.kind = kind
        self.from = from
        self.to = to
        self.fileCount = fileCount
        self.folderFileCount = max(folderFileCount ?? fileCount, fileCount)
        self.contentChanged = contentChanged
        self.fromBundle = fromBundle
        self.toBundle = toBundle
        self.localization = localization
    }

    /// Whether the content now lives in another bundle (breaks `Bundle.main` lookups).
    public var crossesBundles: Bool { fromBundle != toBundle }
}

import PropertyLists

/// One bundle inside a recorded build (the top-level app or any nested bundle).
public struct BundleInfo: Hashable, Sendable {
    /// What kind of bundle, from its directory extension.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case app, appex, framework, bundle, xpc, xctest, plugin, kext
        /// An XCFramework: a flat Info.plist listing its slices (`AvailableLibraries`), each
        /// slice a folder holding a framework bundle or a library.
        case xcframework
        /// A macOS loadable bundle of another kind (a Quick Look generator, Spotlight
        /// importer, system extension, DriverKit driver, screen saver, preference pane, Audio
        /// Unit component or Automator action): its own code, seal and resources.
        case other
    }

    /// Where the bundle keeps its Info.plist and resources.
    public enum Layout: String, Hashable, Sendable {
        /// iOS, watchOS, tvOS, visionOS: everything at the top level.
        case flat
        /// macOS apps and bundles: `Contents/Info.plist`, `Contents/Resources/`.
        case contents
        /// macOS frameworks: `Versions/<v>/Resources/Info.plist` with symlinks at the top, or
        /// CFBundle's old-style `Resources/Info.plist` with the executable beside it.
        case versionedFramework = "versioned-framework"
    }

    /// The bundle directory, within the recorded build.
    public var path: BundlePath
    public var kind: Kind
    public var layout: Layout
    /// The Info.plist path, within the recorded build.
    public var infoPlistPath: BundlePath
    /// The folder holding resources and `.lproj` folders, within the recorded build.
    public var resourcesPath: BundlePath
    /// The containing bundle's path; nil for the outermost bundle(s).
    public var parentPath: BundlePath?
    public var identifier: String?
    public var shortVersion: String?
    public var version: String?
    /// A platform name derived from the Info.plist (`iOS`, `macOS`, `watchOS`, …), if known.
    public var platform: String?
    public var executable: String?
    /// Names of the `.lproj` folders (without the extension), sorted.
    public var localizations: [String]

    public init(path: BundlePath, kind: Kind, layout: Layout, infoPlistPath: BundlePath,
                resourcesPath: BundlePath, parentPath: BundlePath? = nil, identifier: String? = nil,
                shortVersion: String? = nil, version: String? = nil, platform: String? = nil,
                executable: String? = nil, localizations: [String] = []) {
        self.path = path
        self.kind = kind
        self.layout = layout
        self.infoPlistPath = infoPlistPath
        self.resourcesPath = resourcesPath
        self.parentPath = parentPath
        self.identifier = identifier
        self.shortVersion = shortVersion
        self.version = version
        self.platform = platform
        self.executable = executable
        self.localizations = localizations
    }
}

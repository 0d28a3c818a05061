/// A library a slice links (`LC_LOAD_DYLIB` and its variants) or its own install name.
public struct MachOLinkedLibrary: Hashable, Sendable {
    /// How the library is linked.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// `LC_LOAD_DYLIB`: required at launch.
        case load
        /// `LC_LOAD_WEAK_DYLIB`: may be missing at launch.
        case weak
        /// `LC_REEXPORT_DYLIB`: loaded and re-exported.
        case reexport
        /// `LC_LAZY_LOAD_DYLIB`: loaded on first use.
        case lazy
        /// `LC_LOAD_UPWARD_DYLIB`: an upward link.
        case upward
    }

    /// How it is linked.
    public var kind: Kind
    /// The install name as written (`/usr/lib/libSystem.B.dylib`, `@rpath/A.framework/A`).
    public var path: String
    /// `compatibility_version`.
    public var compatibilityVersion: MachOVersion
    /// `current_version`.
    public var currentVersion: MachOVersion

    /// A linked library with the given facts.
    public init(kind: Kind, path: String, compatibilityVersion: MachOVersion, currentVersion: MachOVersion) {
        self.kind = kind
        self.path = path
        self.compatibilityVersion = compatibilityVersion
        self.currentVersion = currentVersion
    }
}

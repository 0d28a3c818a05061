/// A dylib's own identity (`LC_ID_DYLIB`).
public struct MachOInstallName: Hashable, Sendable {
    /// The install name.
    public var path: String
    /// `compatibility_version`.
    public var compatibilityVersion: MachOVersion
    /// `current_version`.
    public var currentVersion: MachOVersion

    /// An install name with the given facts.
    public init(path: String, compatibilityVersion: MachOVersion, currentVersion: MachOVersion) {
        self.path = path
        self.compatibilityVersion = compatibilityVersion
        self.currentVersion = currentVersion
    }
}

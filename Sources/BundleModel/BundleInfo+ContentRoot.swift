extension BundleInfo {
    /// The folder the bundle's code signature seals and names paths from: the bundle itself
    /// (flat), its `Contents` (macOS), or the framework's version folder (`Versions/A`).
    public var contentRoot: BundlePath {
        switch layout {
        case .flat: path
        case .contents: path.appending("Contents")
        case .versionedFramework: resourcesPath.parent
        }
    }

    /// Where the main executable lives, when the Info.plist names one.
    public var executablePath: BundlePath? {
        guard let executable, !executable.isEmpty else { return nil }
        switch layout {
        case .flat, .versionedFramework: return contentRoot.appending(executable)
        case .contents: return contentRoot.appending("MacOS").appending(executable)
        }
    }
}

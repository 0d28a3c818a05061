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
        return executablePath(named: executable)
    }

    /// Where a main executable named `name` lives: `MacOS/` of a `Contents/` bundle, beside
    /// `Resources/` in a framework (its version folder, or the bundle folder of CFBundle's
    /// old-style layout), the bundle folder of a flat one.
    public func executablePath(named name: String) -> BundlePath {
        switch layout {
        case .flat, .versionedFramework: contentRoot.appending(name)
        case .contents: contentRoot.appending("MacOS").appending(name)
        }
    }
}

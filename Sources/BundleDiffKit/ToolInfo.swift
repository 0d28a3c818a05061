import CBuildInfo
import Git

/// The tool's identity, written into every snapshot and report.
public enum ToolInfo {
    /// The released version of bundlediff (see CHANGELOG.md).
    public static let version = "0.1.0"

    /// The commit this binary was built from, baked in by scripts/package.sh (`git describe`
    /// at packaging time, `-dirty` when the tree had changes); nil for other builds.
    public static let commit: String? = {
        let text = String(cString: bundlediff_build_commit())
        return text.isEmpty ? nil : text
    }()

    /// What `bundlediff --version` prints: the version, the commit and the libgit2 version,
    /// one per line, for bug reports.
    public static var versionDescription: String {
        """
        bundlediff \(version)
        commit \(commit ?? "unknown (not built by scripts/package.sh)")
        libgit2 \(Libgit2Version.current)
        """
    }
}

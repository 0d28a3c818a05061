import CLibgit2

/// The libgit2 this binary runs with, for `bundlediff --version` and bug reports.
public enum Libgit2Version {
    /// `major.minor.revision` as `git_libgit2_version` reports it (the library actually
    /// linked, not the headers it was compiled against).
    public static var current: String {
        var major: Int32 = 0, minor: Int32 = 0, revision: Int32 = 0
        guard git_libgit2_version(&major, &minor, &revision) == 0 else { return "unknown" }
        return "\(major).\(minor).\(revision)"
    }
}

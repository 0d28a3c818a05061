import BundleModel
import BundleReading
import FoundationEssentials

/// Reads a build from disk for any command, turning input problems into one user-facing
/// line that names the file.
public enum BuildLoader {
    /// Reads the build at `path`; `progress` sees bytes hashed so far and the total.
    public static func read(_ path: String,
                            progress: (@Sendable (_ done: UInt64, _ total: UInt64) -> Void)? = nil)
        throws(UserFacingError) -> BuildSnapshot {
        do {
            return try BuildReader.read(path: path, options: ReadOptions(progress: progress, readsMachO: readsMachO))
        } catch {
            throw UserFacingError(error.description)
        }
    }

    /// False only when `BUNDLEDIFF_BENCH_MACHO=off`: a hidden switch for Benchmarks/ to measure
    /// what Mach-O facts cost while recording (builds read so lack them). Not a user option.
    static var readsMachO: Bool {
        ProcessInfo.processInfo.environment["BUNDLEDIFF_BENCH_MACHO"] != "off"
    }

    /// Reads the data container at `path` (a simulator container, an `.xcappdata` package,
    /// or a plain folder when `app` names its app).
    public static func readContainer(_ path: String, app: String?,
                                     progress: (@Sendable (_ done: UInt64, _ total: UInt64) -> Void)? = nil)
        throws(UserFacingError) -> BuildSnapshot {
        do {
            return try ContainerReader.read(path: path, app: app, options: ReadOptions(progress: progress))
        } catch {
            throw UserFacingError(error.description)
        }
    }

    /// Reads what is at `path`: a data container when `asContainer` is set or the folder
    /// carries a container's own marks, else a build.
    public static func readAny(_ path: String, asContainer: Bool, app: String?,
                               progress: (@Sendable (_ done: UInt64, _ total: UInt64) -> Void)? = nil)
        throws(UserFacingError) -> BuildSnapshot {
        if asContainer || ContainerReader.recognizes(path: path) {
            return try readContainer(path, app: app, progress: progress)
        }
        return try read(path, progress: progress)
    }

    /// An empty build: the "old side" when there is nothing to compare with.
    public static var nothing: BuildSnapshot {
        BuildSnapshot(sourceKind: .directory, sourceName: "", entries: [], plists: [:], bundles: [])
    }
}

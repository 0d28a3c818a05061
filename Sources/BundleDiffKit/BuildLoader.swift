import BundleModel
import BundleReading

/// Reads a build from disk for any command, turning input problems into one user-facing
/// line that names the file.
public enum BuildLoader {
    /// Reads the build at `path`; `progress` sees bytes hashed so far and the total.
    public static func read(_ path: String,
                            progress: (@Sendable (_ done: UInt64, _ total: UInt64) -> Void)? = nil)
        throws(UserFacingError) -> BuildSnapshot {
        do {
            return try BuildReader.read(path: path, options: ReadOptions(progress: progress))
        } catch {
            throw UserFacingError(error.description)
        }
    }

    /// An empty build: the "old side" when there is nothing to compare with.
    public static var nothing: BuildSnapshot {
        BuildSnapshot(sourceKind: .directory, sourceName: "", entries: [], plists: [:], bundles: [])
    }
}

import FoundationEssentials

extension ConfigurationFile {
    /// `.bundlediff.yml` in `directory` (absolute) or the nearest folder above it, up to
    /// the root of the git work tree it lies in: the first folder holding `.git` (a folder,
    /// or the file a linked work tree or submodule has) is the last one looked in; with no
    /// work tree, the search ends at the file system's root. The path is relative to
    /// `directory` (`.bundlediff.yml`, `../.bundlediff.yml`), so messages name it as the user
    /// would; nil when there is none. A folder named `.bundlediff.yml` is not a file.
    public static func discover(from directory: String) -> String? {
        let fm = FileManager.default
        var folder = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        var up = 0
        while true {
            var isFolder = false
            let candidate = folder.appendingPathComponent(defaultName).path
            if fm.fileExists(atPath: candidate, isDirectory: &isFolder), !isFolder {
                return String(repeating: "../", count: up) + defaultName
            }
            if fm.fileExists(atPath: folder.appendingPathComponent(".git").path) { return nil }
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            if parent.path == folder.path || folder.path == "/" { return nil }
            folder = parent
            up += 1
        }
    }
}

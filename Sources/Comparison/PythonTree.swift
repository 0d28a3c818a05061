import BundleModel

/// Python code and its package metadata an app embeds (py2app's `lib/python3.11/`,
/// PyInstaller's package folders, Briefcase's `app_packages/`): the interpreter finds a
/// module by its name on its search path and a package's data beside the package's own
/// `__init__.py`, never by a path the app's code names, and `*.dist-info/` folders are
/// renamed with every version. Their files are not move candidates: numpy moving
/// `core/` to `_core/`, or a boilerplate `WHEEL` file of the same bytes in another package,
/// is no resource move.
enum PythonTree {
    private static let folderSuffixes: [[UInt8]] = [".dist-info", ".egg-info"].map { Array($0.utf8) }
    /// Python's search-path folders (Briefcase's `app_packages/` is iOS's `site-packages/`).
    private static let folderNames: [[UInt8]] = ["site-packages", "app_packages", "lib-dynload", "__pycache__"]
        .map { Array($0.utf8) }
    /// Bytecode, type stubs and the `.fwork` files iOS's importer finds extension modules
    /// by: never read by a path (a `.py` script may be, outside a package).
    private static let fileSuffixes: [[UInt8]] = [".pyc", ".pyo", ".pyi", ".fwork"].map { Array($0.utf8) }
    private static let python = Array("python".utf8)
    /// What makes a folder a package on disk (PyInstaller keeps only `__init__.pyi` there).
    private static let packageMarkers: [[UInt8]] = ["__init__.py", "__init__.pyc", "__init__.pyi"].map { Array($0.utf8) }

    /// Whether `path` is Python bytecode or a type stub, or lies in Python's tree
    /// (`site-packages/`, `app_packages/`, `lib-dynload/`, `python3.11/`, `*.dist-info/`) or
    /// in a Python package (a folder holding `__init__.py` in the classifier's index).
    /// Each folder is judged once: the files a diff asks about share their folders.
    struct Classifier {
        let index: SnapshotIndex
        private var folders: [BundlePath: Bool] = [:]

        init(_ index: SnapshotIndex) { self.index = index }

        mutating func isInside(_ path: BundlePath) -> Bool {
            let name = path.nameBytes
            if fileSuffixes.contains(where: { ends(name, $0) }) { return true }
            return isPython(folder: path.parent)
        }

        /// Whether the folder `folder`, or one above it, is Python's (the bundle's root is
        /// not). A loop, not recursion: a recorded path may be thousands of folders deep.
        private mutating func isPython(folder: BundlePath) -> Bool {
            var unknown: [BundlePath] = []
            var at = folder
            var verdict = false
            while !at.isRoot {
                if let known = folders[at] {
                    verdict = known
                    break
                }
                if isPythonsOwn(at) {
                    folders[at] = true
                    verdict = true
                    break
                }
                unknown.append(at)
                at = at.parent
            }
            for folder in unknown { folders[folder] = verdict }
            return verdict
        }

        /// Whether the folder itself is Python's, by its name or a package marker in it.
        private func isPythonsOwn(_ folder: BundlePath) -> Bool {
            let name = folder.nameBytes
            return folderSuffixes.contains(where: { ends(name, $0) })
                || folderNames.contains(where: { name.elementsEqual($0) })
                || (name.count > 6 && name.starts(with: python) && name.dropFirst(6).first.map { (48...57).contains($0) } == true)
                || packageMarkers.contains(where: { index.entry(at: folder.appending($0)) != nil })
        }
    }

    private static func ends(_ name: ArraySlice<UInt8>, _ suffix: [UInt8]) -> Bool {
        name.count > suffix.count && name.suffix(suffix.count).elementsEqual(suffix)
    }
}

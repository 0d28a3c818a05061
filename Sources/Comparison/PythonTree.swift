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
    /// in a Python package (a folder holding `__init__.py` in `index`).
    static func isInside(_ path: BundlePath, in index: SnapshotIndex) -> Bool {
        let bytes = path.bytes
        let ranges = path.componentRanges
        func ends(_ name: ArraySlice<UInt8>, _ suffix: [UInt8]) -> Bool {
            name.count > suffix.count && name.suffix(suffix.count).elementsEqual(suffix)
        }
        if let last = ranges.last, fileSuffixes.contains(where: { ends(bytes[last], $0) }) { return true }
        for range in ranges.dropLast() {
            let name = bytes[range]
            if folderSuffixes.contains(where: { ends(name, $0) })
                || folderNames.contains(where: { name.elementsEqual($0) })
                || (name.count > 6 && name.starts(with: Self.python) && name.dropFirst(6).first.map { (48...57).contains($0) } == true) {
                return true
            }
            let folder = BundlePath(bytes: Array(bytes[..<range.upperBound]))
            if packageMarkers.contains(where: { index.entry(at: folder.appending($0)) != nil }) { return true }
        }
        return false
    }
}

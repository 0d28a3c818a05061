import BundleModel

/// Python package metadata an app embeds (`aiohttp-3.14.2.dist-info/`, `*.egg-info/`):
/// the interpreter finds it by scanning its search path, never by a path the code names,
/// and its folders are renamed with every version. Its files are not move candidates: a
/// boilerplate `WHEEL` file of the same bytes in another package is no move either.
enum PackageMetadata {
    private static let suffixes: [[UInt8]] = [".dist-info", ".egg-info"].map { Array($0.utf8) }

    /// Whether `path` lies inside such a folder.
    static func isInside(_ path: BundlePath) -> Bool {
        let bytes = path.bytes
        return path.componentRanges.dropLast().contains { range in
            let name = bytes[range]
            return suffixes.contains { name.count > $0.count && name.suffix($0.count).elementsEqual($0) }
        }
    }
}

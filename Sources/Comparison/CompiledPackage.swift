import BundleModel

/// Folders Xcode compiles a resource into (`Main.storyboardc/`, `Cell.nib/`, `Model.momd/`):
/// code loads them by name (`UIStoryboard(name:)`, `UINib(nibName:)`, the model's URL), never
/// a file inside, and each Xcode lays their insides out anew.
enum CompiledPackage {
    static let extensions: [[UInt8]] = [".storyboardc", ".nib", ".momd"].map { Array($0.utf8) }

    /// Whether `path` lies inside a compiled package that both builds have at its place (as
    /// a folder or, for a nib Xcode once wrote flat, a file): a file moved inside it moved
    /// nothing code names.
    static func isInsideKept(_ path: BundlePath, old: SnapshotIndex, new: SnapshotIndex) -> Bool {
        let bytes = path.bytes
        for range in path.componentRanges.dropLast() {
            let name = bytes[range]
            guard extensions.contains(where: { name.count > $0.count && name.suffix($0.count).elementsEqual($0) }) else { continue }
            let package = BundlePath(bytes: Array(bytes[..<range.upperBound]))
            if old.entry(at: package) != nil, new.entry(at: package) != nil { return true }
        }
        return false
    }
}

import BundleModel
import Foundation

/// What a `SnapshotIndex` works out on first need and keeps: the entries by path (the seal
/// walk's lookups; most comparisons never need it, and making it hashes every path) and each bundle's `.lproj` folders (asked for by the comparison,
/// each parity rule's bundle and the localization matrix, on both sides). Shared by the
/// copies of the index, and locked: the rules run on two threads.
final class SnapshotIndexMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var byPath: [BundlePath: FileEntry]?
    private var folders: [BundlePath: [BundlePath]] = [:]

    func entriesByPath(_ make: () -> [BundlePath: FileEntry]) -> [BundlePath: FileEntry] {
        lock.lock()
        defer { lock.unlock() }
        if let byPath { return byPath }
        let made = make()
        byPath = made
        return made
    }

    func localizationFolders(of bundle: BundlePath, _ make: () -> [BundlePath]) -> [BundlePath] {
        lock.lock()
        defer { lock.unlock() }
        if let known = folders[bundle] { return known }
        let made = make()
        folders[bundle] = made
        return made
    }
}

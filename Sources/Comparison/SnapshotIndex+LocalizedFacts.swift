import BundleModel
import PropertyLists

/// A recorded build's `.lproj` folders, kept in its facts (`BuildFacts`): each bundle's
/// folders are what `localizedFiles(of:)` needs a pass over every file of the bundle to find,
/// and with them its files are read from the folders' runs of the sorted entries alone.
extension SnapshotIndex {
    /// The name of the kept folders in a build's facts: the layout's. A change to
    /// `localizationFolder(of:in:)` must change it.
    static let localizationFoldersFactsName = "lproj-folders-1"

    /// Every bundle's `localizedFiles(of:)`, kept by the index: read from the folders kept in
    /// the build's facts when an earlier command kept them, else found by a pass over each
    /// bundle's files and the folders kept (on this thread: a diff asks on both cores).
    func findLocalizedFiles() {
        if let bytes = snapshot.facts?.bytes(named: Self.localizationFoldersFactsName),
           let kept = keptLocalizedFiles(bytes) {
            for (bundle, files) in zip(bundles, kept) { _ = memo.localizedFiles(of: bundle.path) { files } }
            return
        }
        guard let facts = snapshot.facts else {
            for bundle in bundles { _ = localizedFiles(of: bundle) }
            return
        }
        var encoded: [UInt8] = []
        encoded.appendLittleEndian(UInt32(bundles.count))
        for bundle in bundles {
            let folders = localizationFolders(of: bundle)
            encoded.appendRun(bundle.path.bytes)
            encoded.appendLittleEndian(UInt32(folders.count))
            for folder in folders { encoded.appendRun(folder.bytes) }
        }
        facts.keepHere(encoded, named: Self.localizationFoldersFactsName)
    }

    /// Each bundle's files by `.lproj` folder (in `bundles` order), from kept folders: a
    /// folder's files are the bundle's own files and links in the folder's run of the sorted
    /// entries. Nil unless `bytes` name these bundles, in order, each with folders in path
    /// order that are its first `.lproj` folders (`localizationFolder(of:in:)`) and hold at
    /// least one of its files each, as a pass over its files would have found them.
    private func keptLocalizedFiles(_ bytes: [UInt8]) -> [[BundlePath: [FileEntry]]]? {
        var reader = ByteReader(bytes)
        guard let count = reader.u32(), Int(count) == bundles.count else { return nil }
        var out: [[BundlePath: [FileEntry]]] = []
        out.reserveCapacity(bundles.count)
        for (slot, bundle) in bundles.enumerated() {
            guard let path = reader.run(), path == bundle.path.bytes,
                  let folders = reader.u32(), Int(folders) <= reader.remaining / 4 else { return nil }
            var files: [BundlePath: [FileEntry]] = [:]
            var previous: BundlePath?
            for _ in 0..<folders {
                guard let bytes = reader.run() else { return nil }
                let folder = BundlePath(bytes: bytes)
                guard previous.map({ $0 < folder }) ?? true,
                      let inside = localizedFiles(in: folder, of: bundle, slot: slot) else { return nil }
                files[folder] = inside
                previous = folder
            }
            out.append(files)
        }
        return reader.remaining == 0 ? out : nil
    }

    /// The files of the bundle at `slot` below `folder`, in path order, when `folder` is the
    /// first `.lproj` folder below the bundle of at least one of them; nil otherwise.
    private func localizedFiles(in folder: BundlePath, of bundle: BundleInfo, slot: Int) -> [FileEntry]? {
        let files = sorted.withPlaces { entries in
            sorted.run(below: folder).compactMap { k in entries[k].kind != .directory && owners[k] == Int32(slot) ? entries[k] : nil }
        }
        // Every file below `folder` has the folder its first one has.
        guard let first = files.first, Self.localizationFolder(of: first.path, in: bundle.path) == folder else { return nil }
        return files
    }
}

import BundleModel
import Stores

extension BuildReader {
    /// The facts of every store in a walked folder: each regular file whose content starts
    /// with SQLite's header, or whose name ends in `.sqlite` or `.sqlite3`, read through
    /// SQLite read-only (`StoreReader`) at its place on disk.
    static func readStores(walker: DirectoryWalker, walked: DirectoryWalker.Result, outcomes: [ContentOutcome],
                           limits: StoreLimits) -> [BundlePath: StoreFacts] {
        var stores: [BundlePath: StoreFacts] = [:]
        for (job, file) in walked.files.enumerated() where job < outcomes.count {
            let path = walked.entries[file.entryIndex].path
            guard outcomes[job].isSQLite || StoreFiles.hasStoreName(path.name) else { continue }
            stores[path] = StoreReader.read(path: walker.rootPath + [UInt8(ascii: "/")] + file.relative, limits: limits)
        }
        return stores
    }
}

import BundleModel
import Git

/// The facts of a recorded build (`BuildFacts`): files of the derived cache's `facts` area
/// (`HistoryStore.factsCache`) named `<name>-<commit tree id>`, each closed by the sum of
/// its bytes (`DerivedCacheBytes.checksum`), so a damaged or cut file reads as nothing.
struct RecordedFacts: BuildFacts {
    let cache: DerivedCache
    /// The root tree of the build's commit: what the build is, whole.
    let tree: ObjectID

    func bytes(named name: String) -> [UInt8]? {
        guard let stored = cache.read(key(name)), let sum = ByteReader.u64(stored, at: stored.count - 8) else { return nil }
        let body = stored.dropLast(8)
        return DerivedCacheBytes.checksum(body) == sum ? Array(body) : nil
    }

    func keep(_ bytes: [UInt8], named name: String) {
        cache.writeLater(key(name)) { Self.closed(bytes) }
    }

    func keepHere(_ bytes: [UInt8], named name: String) {
        cache.write(key(name), Self.closed(bytes))
    }

    /// `bytes` closed by their sum, as kept.
    private static func closed(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        DerivedCacheBytes.put(DerivedCacheBytes.checksum(bytes[...]), &out)
        return out
    }

    private func key(_ name: String) -> String { name + "-" + tree.hex }
}

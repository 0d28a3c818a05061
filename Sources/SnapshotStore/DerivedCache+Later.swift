import BundleModel
import Platform

/// Cache files written on the other core while this one goes on: a read that walked a
/// build keeps its `files/` and `plists/` parts for the next process, and the comparison
/// need not wait for those writes.
///
/// A later `read`, `stream` or `contains` of a key waits for its write (so this process
/// sees what it wrote, as with `write`), and `DerivedCache.finishWrites()`, called before
/// the process ends, waits for all of them: the next process finds each entry whole, never
/// a temporary file left behind.
extension DerivedCache {
    /// `write(_:streaming:)` on the other core; returns at once.
    func writeLater(_ key: String, streaming produce: @escaping @Sendable ((UnsafeRawBufferPointer) -> Void) -> Void) {
        let cache = self
        Self.pending.add(folder + "/" + key, BothCores.begin { cache.write(key, streaming: produce) })
    }

    /// `write(_:_:)` of what `make` gives (nothing when it gives nil), on the other core;
    /// returns at once.
    func writeLater(_ key: String, making make: @escaping @Sendable () -> [UInt8]?) {
        let cache = self
        Self.pending.add(folder + "/" + key, BothCores.begin { if let bytes = make() { cache.write(key, bytes) } })
    }

    /// Waits for every write `writeLater` began in this process.
    static func finishWrites() { pending.waitAll() }

    /// Waits for the write of `key` begun by `writeLater`, if one is under way.
    func waitForWrite(_ key: String) { Self.pending.wait(folder + "/" + key) }

    private static let pending = PendingWrites()
}

/// The writes under way, with the file each writes. A write stays listed until a wait
/// for all of them has seen it end: a read of its file on another thread meanwhile (tests
/// run side by side in one process) still waits for it, where forgetting it as the wait
/// began let that read find no file.
private final class PendingWrites: @unchecked Sendable {
    private let lock = Lock()
    private var writes: [(id: Int, path: String, write: BothCores.Started)] = []
    private var nextID = 0

    func add(_ path: String, _ write: BothCores.Started) {
        lock.withLock {
            writes.append((nextID, path, write))
            nextID += 1
        }
    }

    func wait(_ path: String) {
        for pending in lock.withLock({ writes.filter { $0.path == path } }) { pending.write.wait() }
    }

    func waitAll() {
        let all = lock.withLock { writes }
        for pending in all { pending.write.wait() }
        let done = Set(all.map(\.id))
        lock.withLock { writes.removeAll { done.contains($0.id) } }
    }
}

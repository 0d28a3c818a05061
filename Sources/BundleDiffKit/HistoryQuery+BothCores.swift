import Dispatch
import SnapshotStore

extension HistoryQuery {
    /// Below this many builds to read, a query reads them on one thread (a second
    /// repository handle and cold memo tables cost more than they save).
    static let defaultBothCoresThreshold = 400

    /// Runs `work` over `builds` in two contiguous halves at once: the first half on this
    /// thread with the query's timeline, the second on another thread with a sibling
    /// timeline (its own repository handle and memo tables). `work` returns one result per
    /// build of the slice it is given, in order; the results come back in build order. A
    /// failure of the first half is reported before one of the second, as reading in
    /// order would.
    func onBothCores<T: Sendable>(_ builds: [TimelineBuild],
                                  _ work: @escaping @Sendable (HistoryTimeline, ArraySlice<TimelineBuild>) throws(StoreError) -> [T])
        throws(UserFacingError) -> [T] {
        let middle = builds.count / 2
        let second = ResultSlot<T>()
        let sibling = try read { () throws(StoreError) in try timeline.sibling() }
        let tail = builds[middle...]
        let group = DispatchGroup()
        let handoff = SendableBox(sibling)
        DispatchQueue.global().async(group: group) {
            second.result = Result { () throws(StoreError) in try work(handoff.value, tail) }
        }
        let first = Result { () throws(StoreError) in try work(timeline, builds[..<middle]) }
        group.wait()
        let head = try read { () throws(StoreError) in try first.get() }
        guard let rest = second.result else { return head }
        return head + (try read { () throws(StoreError) in try rest.get() })
    }
}

/// Where the second thread leaves its results; read only after the thread is waited for.
private final class ResultSlot<T: Sendable>: @unchecked Sendable {
    var result: Result<[T], StoreError>?
}

/// A value handed to one other thread, which alone uses it from then on.
private final class SendableBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

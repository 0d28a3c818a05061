import BundleModel
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
        let sibling = SendableBox(try read { () throws(StoreError) in try timeline.sibling() })
        let tail = builds[middle...]
        let (head, rest) = BothCores.run({ () throws(StoreError) in try work(timeline, builds[..<middle]) }, alongside: {
            () throws(StoreError) -> [T] in try work(sibling.value, tail)
        })
        sibling.value.leaveMemoToExit()
        return try read { () throws(StoreError) in try head.get() + rest.get() }
    }
}

/// A value handed to one other thread, which alone uses it from then on.
final class SendableBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

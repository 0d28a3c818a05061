import Platform

/// The rules of one run, handed out one at a time to whichever thread asks first.
final class RuleQueue: @unchecked Sendable {
    private let lock = Lock()
    private let ids: [RuleID]
    private var taken = 0

    init(_ ids: [RuleID]) { self.ids = ids }

    /// The next rule not yet taken, or nil when every rule was.
    func next() -> RuleID? {
        lock.withLock {
            guard taken < ids.count else { return nil }
            taken += 1
            return ids[taken - 1]
        }
    }
}

import FoundationEssentials
import Platform
import Git

extension HistoryStore {
    /// Fetch-reconcile-push rounds before a sync gives up on a remote other runners keep
    /// moving. The back-off shrinks with the number of rounds lost, so a runner that has
    /// lost often tends to go before newcomers.
    public static let syncAttempts = 200

    /// Fetches the references in `scope` from the remote, reconciles them with the local
    /// ones (see `reconcileBranches`, `reconcileTags`) and, with `push`, pushes what the
    /// remote lacks: branches first, then tags. A push that finds the remote moved
    /// meanwhile starts over from the fetch, after a jittered back-off, at most
    /// `maxAttempts` times.
    public func sync(with transfer: RemoteTransfer, scope: SyncScope, push: Bool,
                     maxAttempts: Int = syncAttempts) throws(SyncError) -> SyncResult {
        var result = SyncResult()
        let namespace = Self.remoteNamespace(transfer.address)
        var lastRefusal = ""
        for attempt in 1...max(1, maxAttempts) {
            result.attempts = attempt
            do {
                let advertised = try transfer.fetch(refspecs: scope.refspecs(namespace: namespace))
                let branches = try reconcileBranches(advertised, scope: scope, result: &result)
                let tags = try reconcileTags(advertised, scope: scope, result: &result)
                try pointUnbornHead(scope)
                guard push else { return result }
                var refused = try transfer.push(branches)
                if refused.isEmpty {
                    result.pushed += branches.map(\.remote)
                    refused = try transfer.push(tags)
                    if refused.isEmpty {
                        result.pushed += tags.map(\.remote)
                        return result
                    }
                }
                lastRefusal = refused.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "; ")
                if let final = refused.first(where: { !Self.isLostRace($0.value) }) {
                    throw RemoteError(.rejected, remote: transfer.address.redacted,
                                      "the remote refused \(final.key): \(final.value)")
                }
            } catch let error as RemoteError where error.kind == .stale {
                lastRefusal = error.message
            } catch let error as RemoteError {
                throw .remote(error)
            } catch let error as StoreError {
                throw .store(error)
            } catch {
                throw .store(StoreError(.git, repository: path, "\(error)"))
            }
            if attempt < maxAttempts { Self.syncBackoff(attempt: attempt) }
        }
        throw .remote(RemoteError(.rejected, remote: transfer.address.redacted,
                                  "gave up after \(maxAttempts) attempts; other runners kept pushing first (last: \(lastRefusal))"))
    }

    /// Where fetched references are kept: `refs/bundlediff/remotes/<hash of the redacted URL>`.
    static func remoteNamespace(_ address: RemoteAddress) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in address.redacted.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return "refs/bundlediff/remotes/" + String(hash, radix: 16)
    }

    /// A history created by a fetch gets HEAD on its first branch (as a recording does).
    private func pointUnbornHead(_ scope: SyncScope) throws(StoreError) {
        try serialized { () throws(StoreError) in
            let branches = try git { () throws(GitError) in
                try repository.references(matching: "refs/heads/*").map(\.name).filter(scope.includesBranch)
            }
            if let first = branches.first { try pointHeadIfUnborn(at: first) }
        }
    }

    /// Whether a refusal reason means another push won (retry) rather than a policy
    /// (a hook, a protected branch), which no retry can change.
    static func isLostRace(_ reason: String) -> Bool {
        let lower = reason.lowercased()
        return ["failed to update ref", "failed to lock", "cannot lock ref", "non-fast-forward", "fetch first",
                "stale info", "already exists"].contains { lower.utf8.contains($0.utf8) }
    }

    private static func syncBackoff(attempt: Int) {
        // Full jitter around one round's length, shorter for a runner that has lost often:
        // racing runners spread out, and the one that waited longest tends to go first.
        let ceiling = max(0.03, 0.4 / Double(attempt))
        DetachedThread.sleep(seconds: Double.random(in: 0.005...ceiling))
    }
}

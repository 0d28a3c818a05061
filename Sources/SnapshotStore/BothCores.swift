import Dispatch

/// Two pieces of work at once: `other` on another thread while this one runs `here`;
/// both results once both are done. The one way history reads use the second core (the
/// tag listing beside the commit walk, the halves of a line's messages, the halves of a
/// query's builds). `other` must not touch anything `here` uses: it gets its own
/// repository handle when it reads git.
public enum BothCores {
    public static func run<Here, Other: Sendable>(
        _ here: () throws(StoreError) -> Here,
        alongside other: @escaping @Sendable () throws(StoreError) -> Other
    ) -> (here: Result<Here, StoreError>, other: Result<Other, StoreError>) {
        let slot = Slot<Other>()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { slot.result = Result { () throws(StoreError) in try other() } }
        let mine = Result { () throws(StoreError) in try here() }
        group.wait()
        return (mine, slot.result ?? .failure(StoreError(.corrupt, repository: "", "the second thread gave no result")))
    }
}

/// Where the other thread leaves its result; read only after that thread is waited for.
private final class Slot<T: Sendable>: @unchecked Sendable {
    var result: Result<T, StoreError>?
}

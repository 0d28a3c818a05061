import Git

/// A failed sync: the remote or the local history.
public enum SyncError: Error, Sendable, CustomStringConvertible {
    case remote(RemoteError)
    case store(StoreError)

    public var description: String {
        switch self {
        case .remote(let error): return error.description
        case .store(let error): return error.description
        }
    }
}

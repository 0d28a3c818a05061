import Git

/// A history-store failure: one line naming the repository and what is wrong.
public struct StoreError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, for callers that react differently.
    public enum Kind: Sendable, Equatable {
        /// The path exists but is not a git repository, or holds no history.
        case notARepository
        /// A lock file is held; writing is impossible right now.
        case locked
        /// Bad input: an invalid channel or tag name, an unrecordable path.
        case invalidInput
        /// A user tag that already exists.
        case tagExists
        /// A reference that names nothing recorded.
        case notFound
        /// A reference that could mean several apps or commits.
        case ambiguous
        /// The repository holds data this version cannot read.
        case corrupt
        /// Any other git failure.
        case git
    }

    public var kind: Kind
    /// The repository path.
    public var repository: String
    public var message: String

    public init(_ kind: Kind, repository: String, _ message: String) {
        self.kind = kind
        self.repository = repository
        self.message = message
    }

    public var description: String { "\(repository): \(message)" }

    init(_ error: GitError, repository: String) {
        let kind: Kind
        switch error.code {
        case .locked: kind = .locked
        case .notARepository: kind = .notARepository
        case .notFound: kind = .notFound
        case .ambiguous: kind = .ambiguous
        case .invalidSpec: kind = .invalidInput
        case .damaged: kind = .corrupt
        case .concurrentUpdate, .other: kind = .git
        }
        self.init(kind, repository: repository, error.description)
    }
}

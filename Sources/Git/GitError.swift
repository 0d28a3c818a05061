import CLibgit2

/// A libgit2 failure: what was being done, libgit2's error class and message, and a
/// classified code so callers can react (retry a lost race, report a lock).
public struct GitError: Error, Sendable, CustomStringConvertible {
    /// The failures callers distinguish.
    public enum Code: Sendable, Equatable {
        /// The object, reference or path does not exist.
        case notFound
        /// A compare-and-swap lost: the reference changed (`GIT_EMODIFIED`) or already
        /// exists (`GIT_EEXISTS`). Re-read and retry.
        case concurrentUpdate
        /// A lock file is held (`GIT_ELOCKED`); `lockPath` names it when known.
        case locked
        /// A short id or name matches more than one object.
        case ambiguous
        /// The path is not a git repository.
        case notARepository
        /// A malformed name or revision (`GIT_EINVALIDSPEC`).
        case invalidSpec
        /// An object the history refers to is missing or unreadable (bad compression,
        /// wrong hash, unparsable): the repository is damaged.
        case damaged
        /// Anything else; the libgit2 return code.
        case other(Int32)
    }

    public var code: Code
    /// What was being done, e.g. `update reference refs/heads/x`.
    public var operation: String
    /// libgit2's error class (`git_error_t`), 0 when none was set.
    public var errorClass: Int32
    /// libgit2's message, or a message of our own.
    public var message: String
    /// The lock file, for `.locked`.
    public var lockPath: String?

    public init(code: Code, operation: String, message: String, errorClass: Int32 = 0,
                lockPath: String? = nil) {
        self.code = code
        self.operation = operation
        self.message = message
        self.errorClass = errorClass
        self.lockPath = lockPath
    }

    /// A lost compare-and-swap (the caller should re-read and retry).
    public var isConcurrentUpdate: Bool { code == .concurrentUpdate }

    public var description: String {
        switch code {
        case .locked:
            let path = lockPath ?? message
            return "repository is locked: \(path) (another bundlediff or git is writing; "
                + "remove the lock file if no other process is running)"
        case .notARepository:
            return "not a git repository: \(message)"
        case .damaged:
            return "\(message); the history is damaged (git fsck lists every problem)"
        default:
            return "\(operation): \(message)"
        }
    }

    /// Builds the error for a negative libgit2 return code, reading libgit2's last error.
    static func fromLibgit2(_ status: Int32, operation: String) -> GitError {
        var message = "libgit2 error \(status)"
        var errorClass: Int32 = 0
        if let last = git_error_last(), let text = last.pointee.message {
            message = String(cString: text)
            errorClass = last.pointee.klass
        }
        let code: Code
        switch status {
        case GIT_ENOTFOUND.rawValue: code = .notFound
        case GIT_EEXISTS.rawValue, GIT_EMODIFIED.rawValue: code = .concurrentUpdate
        case GIT_ELOCKED.rawValue: code = .locked
        case GIT_EAMBIGUOUS.rawValue: code = .ambiguous
        case GIT_EINVALIDSPEC.rawValue: code = .invalidSpec
        default: code = .other(status)
        }
        return GitError(code: code, operation: operation, message: message, errorClass: errorClass)
    }
}

extension GitError {
    /// The error for a failed lookup of an object the history refers to (its id came
    /// from a reference, a commit or a tree): absent or unreadable data means damage.
    /// Operating-system failures (permissions, descriptors, memory) stay what they are.
    static func objectRead(_ status: Int32, kind: String, id: ObjectID) -> GitError {
        var error = fromLibgit2(status, operation: "read \(kind) \(id)")
        if status == GIT_ENOTFOUND.rawValue {
            error.code = .damaged
            error.message = "\(kind) \(id) is missing"
        } else if error.errorClass != GIT_ERROR_OS.rawValue && error.errorClass != GIT_ERROR_NOMEMORY.rawValue {
            error.code = .damaged
            error.message = "\(kind) \(id) cannot be read: \(error.message)"
        }
        return error
    }
}

/// Throws a `GitError` when a libgit2 call returned a negative status.
@inline(__always)
func check(_ status: Int32, _ operation: @autoclosure () -> String) throws(GitError) {
    if status < 0 { throw GitError.fromLibgit2(status, operation: operation()) }
}

import CLibgit2

/// A failure talking to a remote history: one line naming the remote (redacted) and
/// what is wrong.
public struct RemoteError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The remote text is not a path or URL bundlediff can use.
        case invalidAddress
        /// The local path or file:// URL is not a git repository.
        case notARepository
        /// No connection could be made (refused, unknown host, no route).
        case unreachable
        /// The remote stopped answering for longer than the time limit.
        case timedOut
        /// The SSH server's host key is unknown or differs from known_hosts.
        case untrustedHost
        /// The remote wants credentials that were missing or refused.
        case authentication
        /// The remote moved since it was read (another runner pushed first).
        case stale
        /// The remote refused an update.
        case rejected
        /// The remote answered something that is not the git protocol.
        case protocolError
        /// The remote sent objects that `git fsck --strict` would refuse (a tree entry
        /// named `..` or `.git`, a bad mode, an object of the wrong kind): none was kept.
        case hostileContent
        /// Any other failure.
        case other
    }

    public var kind: Kind
    /// The remote, redacted.
    public var remote: String
    public var message: String

    public init(_ kind: Kind, remote: String, _ message: String) {
        self.kind = kind
        self.remote = remote
        self.message = message
    }

    public var description: String { "remote \(remote): \(message)" }

    /// Classifies a libgit2 failure of a network operation; the message is scrubbed of
    /// the URL's secrets.
    static func fromLibgit2(_ status: Int32, address: RemoteAddress, operation: String) -> RemoteError {
        var text = "libgit2 error \(status)"
        var errorClass: Int32 = 0
        if let last = git_error_last(), let raw = last.pointee.message {
            text = String(cString: raw)
            errorClass = last.pointee.klass
        }
        text = address.scrub(text)
        let lower = text.lowercased()
        let kind: Kind
        if status == GIT_EAUTH.rawValue || lower.utf8.contains("authentication".utf8) || lower.utf8.contains("credentials".utf8) {
            kind = .authentication
        } else if status == GIT_ENONFASTFORWARD.rawValue || lower.utf8.contains("not present locally".utf8)
                    || lower.utf8.contains("non-fastforward".utf8) {
            kind = .stale
        } else if lower.utf8.contains("failed to connect".utf8) || lower.utf8.contains("failed to resolve address".utf8)
                    || lower.utf8.contains("connection refused".utf8) || lower.utf8.contains("could not connect".utf8) {
            kind = .unreachable
        } else if status == GIT_ENOTFOUND.rawValue && address.transport == .local
                    || lower.utf8.contains("could not find repository".utf8) {
            kind = .notARepository
        } else if errorClass == GIT_ERROR_NET.rawValue || errorClass == GIT_ERROR_HTTP.rawValue
                    || errorClass == GIT_ERROR_SSH.rawValue || lower.utf8.contains("packet".utf8) || lower.utf8.contains("invalid".utf8) {
            kind = .protocolError
        } else {
            kind = .other
        }
        switch kind {
        case .protocolError:
            return RemoteError(kind, remote: address.redacted, "\(operation) failed: the answer is not the git protocol (\(text))")
        case .unreachable:
            return RemoteError(kind, remote: address.redacted, "\(operation) failed: cannot connect (\(text))")
        default:
            return RemoteError(kind, remote: address.redacted, "\(operation) failed: \(text)")
        }
    }
}

import FoundationEssentials
import TextSafety

/// Where a shared history lives: a local path, `file://`, `git://`, `http(s)://`,
/// `ssh://` or scp-like `user@host:path`. `description` (and every message about the
/// remote) is the redacted form: a password in the URL becomes `***`, and so does a
/// lone http(s) user name (usually a token).
public struct RemoteAddress: Sendable, Equatable, CustomStringConvertible {
    public enum Transport: String, Sendable {
        case local, file, git, http, https, ssh
    }

    /// What libgit2 is given (an absolute path for a local repository).
    public let url: String
    /// The URL with its secrets replaced by `***`.
    public let redacted: String
    public let transport: Transport
    /// Secrets found in the URL (the password, or an http(s) token), for `scrub`.
    let secrets: [String]

    public var description: String { redacted }

    /// Parses `text`. A relative path is taken from `directory`. Throws `.invalidAddress`
    /// for an empty text, control characters, an unknown scheme or a URL without a host.
    public init(_ text: String, relativeTo directory: String) throws(RemoteError) {
        guard !text.isEmpty else { throw RemoteError(.invalidAddress, remote: "''", "the remote is empty") }
        let shown = Self.redact(text)
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw RemoteError(.invalidAddress, remote: shown.text, "the remote contains control characters")
        }
        redacted = shown.text
        secrets = shown.secrets
        if let range = text.utf8.firstRange(of: "://".utf8) {
            let scheme = text[..<range.lowerBound].lowercased()
            guard let transport = Transport(rawValue: scheme), transport != .local else {
                throw RemoteError(.invalidAddress, remote: redacted,
                                  "unsupported scheme \(VisibleText.quoted(scheme)) (use a path, file://, git://, http://, https:// or ssh://)")
            }
            let rest = text[range.upperBound...]
            let authority = rest.prefix { $0 != "/" }
            let host = authority.split(separator: "@").last.map(String.init) ?? ""
            if transport != .file && (host.isEmpty || host.hasPrefix(":")) {
                throw RemoteError(.invalidAddress, remote: redacted, "the URL has no host")
            }
            if transport == .file && !rest.hasPrefix("/") {
                throw RemoteError(.invalidAddress, remote: redacted, "a file:// URL needs an absolute path (file:///path)")
            }
            self.transport = transport
            url = text
        } else if Self.isScpLike(text) {
            transport = .ssh
            url = text
        } else {
            transport = .local
            let absolute = text.hasPrefix("/") ? text : directory + "/" + text
            url = URL(fileURLWithPath: absolute).standardizedFileURL.path
        }
    }

    /// The SSH server's host and port (22 unless given), for host-key checks.
    public var sshEndpoint: (host: String, port: Int)? {
        guard transport == .ssh else { return nil }
        var authority: Substring
        if let range = url.utf8.firstRange(of: "://".utf8) {
            authority = url[range.upperBound...].prefix { $0 != "/" }
        } else {
            authority = url.prefix { $0 != ":" }
        }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            let host = authority[authority.index(after: authority.startIndex)..<close]
            let rest = authority[authority.index(after: close)...]
            return (String(host), rest.hasPrefix(":") ? Int(rest.dropFirst()) ?? 22 : 22)
        }
        if url.utf8.contains("://".utf8), let colon = authority.lastIndex(of: ":") {
            return (String(authority[..<colon]), Int(authority[authority.index(after: colon)...]) ?? 22)
        }
        return (String(authority), 22)
    }

    /// `[user@]host:path` with no `/` before the colon (git's scp-like syntax).
    static func isScpLike(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        let before = text[..<colon]
        return !before.isEmpty && !before.utf8.contains(UInt8(ascii: "/")) && text.index(after: colon) < text.endIndex
    }

    /// Replaces the raw URL and its secrets by their redacted forms in `message`.
    public func scrub(_ message: String) -> String {
        var out = message
        if url != redacted { out = TextReplacement.replacing(url, with: redacted, in: out) }
        for secret in secrets where secret.count >= 1 {
            out = TextReplacement.replacing(secret, with: "***", in: out)
        }
        return out
    }

    /// The text with the userinfo's password (and an http(s) lone user name) replaced.
    static func redact(_ text: String) -> (text: String, secrets: [String]) {
        guard let range = text.utf8.firstRange(of: "://".utf8) else { return (text, []) }
        let scheme = text[..<range.lowerBound].lowercased()
        let rest = text[range.upperBound...]
        let authority = rest.prefix { $0 != "/" }
        guard let at = authority.lastIndex(of: "@") else { return (text, []) }
        let userinfo = authority[..<at]
        let tail = rest[at...]
        var secrets: [String] = []
        let shownUserinfo: String
        if let colon = userinfo.firstIndex(of: ":") {
            let password = String(userinfo[userinfo.index(after: colon)...])
            secrets.append(password)
            if let decoded = Self.percentDecoded(password), decoded != password { secrets.append(decoded) }
            shownUserinfo = userinfo[..<colon] + ":***"
        } else if scheme == "http" || scheme == "https" {
            secrets.append(String(userinfo))
            shownUserinfo = "***"
        } else {
            shownUserinfo = String(userinfo)
        }
        return (text[..<range.upperBound] + shownUserinfo + tail, secrets.filter { !$0.isEmpty })
    }
}

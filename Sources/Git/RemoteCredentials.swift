/// Where credentials for a remote come from. Nothing here is ever printed.
///
/// - http(s): a user name and password in the URL, else a token from
///   `BUNDLEDIFF_GIT_TOKEN`, `GIT_TOKEN` or `GITHUB_TOKEN` (the first one set), sent with
///   the user name from the URL, `BUNDLEDIFF_GIT_USERNAME`, or `x-access-token`.
/// - ssh: the key file in `BUNDLEDIFF_SSH_KEY` (with `BUNDLEDIFF_SSH_PASSPHRASE`), else
///   the SSH agent (`SSH_AUTH_SOCK`); the user name from the URL, else `git`. The server's
///   host key must be listed in `$BUNDLEDIFF_SSH_KNOWN_HOSTS` or `~/.ssh/known_hosts`.
public struct RemoteCredentials: Sendable {
    public static let tokenVariables = ["BUNDLEDIFF_GIT_TOKEN", "GIT_TOKEN", "GITHUB_TOKEN"]

    public var token: String?
    public var username: String?
    public var sshKeyPath: String?
    public var sshPassphrase: String?
    /// Where trusted SSH host keys are listed (see `KnownHosts.files`).
    public var knownHostsFiles: [String] = []

    public init(token: String? = nil, username: String? = nil, sshKeyPath: String? = nil,
                sshPassphrase: String? = nil) {
        self.token = token
        self.username = username
        self.sshKeyPath = sshKeyPath
        self.sshPassphrase = sshPassphrase
    }

    /// Reads the variables above; empty values count as unset.
    public static func fromEnvironment(_ environment: [String: String]) -> RemoteCredentials {
        func value(_ name: String) -> String? {
            guard let v = environment[name], !v.isEmpty else { return nil }
            return v
        }
        var credentials = RemoteCredentials(token: tokenVariables.lazy.compactMap(value).first,
                                            username: value("BUNDLEDIFF_GIT_USERNAME"),
                                            sshKeyPath: value("BUNDLEDIFF_SSH_KEY"),
                                            sshPassphrase: value("BUNDLEDIFF_SSH_PASSPHRASE"))
        credentials.knownHostsFiles = KnownHosts.files(environment: environment)
        return credentials
    }

    /// Every secret value, so that messages can be scrubbed of them.
    var secrets: [String] { [token, sshPassphrase].compactMap { $0 } }
}

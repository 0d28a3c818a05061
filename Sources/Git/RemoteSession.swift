import CLibgit2

/// The state libgit2's remote callbacks work on (their payload): credentials, the
/// activity clock, and what a push learnt about each reference.
final class RemoteSession {
    /// Credential requests answered before giving up (a refused credential is asked
    /// for again by libgit2, which would otherwise loop for ever).
    static let maxCredentialRequests = 3

    let address: RemoteAddress
    let credentials: RemoteCredentials
    let clock: ActivityClock
    var credentialRequests = 0
    var credentialsExhausted = false
    /// Why an SSH host key was not trusted.
    var hostKeyProblem: String?
    /// For a push: what each remote reference must hold before the update (nil: absent).
    var expectedRemote: [String: ObjectID?] = [:]
    /// References the remote had moved since they were read (push negotiation).
    var staleReferences: [String] = []
    /// Per-reference push results: nil when accepted, else the remote's reason.
    var pushStatuses: [String: String?] = [:]

    init(address: RemoteAddress, credentials: RemoteCredentials, clock: ActivityClock) {
        self.address = address
        self.credentials = credentials
        self.clock = clock
    }

    /// Fills libgit2's callback table with ours; `payload` must outlive the operation.
    func install(into callbacks: inout git_remote_callbacks, payload: UnsafeMutableRawPointer) {
        callbacks.payload = payload
        callbacks.credentials = { out, _, userFromURL, allowed, payload in
            RemoteSession.from(payload).credential(out, userFromURL: userFromURL, allowed: allowed)
        }
        callbacks.certificate_check = { cert, _, _, payload in
            let session = RemoteSession.from(payload)
            guard session.clock.touch() else { return GIT_EUSER.rawValue }
            return session.checkHostKey(cert)
        }
        callbacks.sideband_progress = { _, _, payload in RemoteSession.from(payload).alive() }
        callbacks.transfer_progress = { _, payload in RemoteSession.from(payload).alive() }
        callbacks.pack_progress = { _, _, _, payload in RemoteSession.from(payload).alive() }
        callbacks.push_transfer_progress = { _, _, _, payload in RemoteSession.from(payload).alive() }
        callbacks.remote_ready = { _, _, payload in RemoteSession.from(payload).alive() }
        callbacks.push_negotiation = { updates, count, payload in
            RemoteSession.from(payload).negotiate(updates, count: count)
        }
        callbacks.push_update_reference = { name, status, payload in
            let session = RemoteSession.from(payload)
            if let name { session.pushStatuses[String(cString: name)] = status.map { String(cString: $0) } }
            return session.alive()
        }
    }

    private static func from(_ payload: UnsafeMutableRawPointer?) -> RemoteSession {
        // Every callback gets the payload set by `install`, which is never nil.
        Unmanaged<RemoteSession>.fromOpaque(payload!).takeUnretainedValue()
    }

    private func alive() -> Int32 { clock.touch() ? 0 : GIT_EUSER.rawValue }

    private func credential(_ out: UnsafeMutablePointer<UnsafeMutablePointer<git_credential>?>?, userFromURL: UnsafePointer<CChar>?,
                            allowed: UInt32) -> Int32 {
        guard clock.touch() else { return GIT_EUSER.rawValue }
        credentialRequests += 1
        if credentialRequests > Self.maxCredentialRequests {
            credentialsExhausted = true
            return GIT_EAUTH.rawValue
        }
        let urlUser = userFromURL.map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        if allowed & GIT_CREDENTIAL_SSH_KEY.rawValue != 0 {
            let user = urlUser ?? credentials.username ?? "git"
            if let key = credentials.sshKeyPath {
                return git_credential_ssh_key_new(out, user, nil, key, credentials.sshPassphrase)
            }
            return git_credential_ssh_key_from_agent(out, user)
        }
        if allowed & GIT_CREDENTIAL_USERPASS_PLAINTEXT.rawValue != 0, let token = credentials.token {
            let user = urlUser ?? credentials.username ?? "x-access-token"
            return git_credential_userpass_plaintext_new(out, user, token)
        }
        if allowed & GIT_CREDENTIAL_USERNAME.rawValue != 0 {
            return git_credential_username_new(out, urlUser ?? credentials.username ?? "git")
        }
        credentialsExhausted = true
        return GIT_PASSTHROUGH.rawValue
    }

    /// TLS certificates: libgit2's own verdict. SSH host keys: `KnownHosts`.
    private func checkHostKey(_ cert: UnsafeMutablePointer<git_cert>?) -> Int32 {
        guard let cert, cert.pointee.cert_type == GIT_CERT_HOSTKEY_LIBSSH2 else { return GIT_PASSTHROUGH.rawValue }
        let hostkey = UnsafeRawPointer(cert).assumingMemoryBound(to: git_cert_hostkey.self).pointee
        guard let endpoint = address.sshEndpoint else { return GIT_ECERTIFICATE.rawValue }
        let shown = endpoint.port == 22 ? endpoint.host : "[\(endpoint.host)]:\(endpoint.port)"
        guard hostkey.type.rawValue & GIT_CERT_SSH_RAW.rawValue != 0, let raw = hostkey.hostkey else {
            hostKeyProblem = "libgit2 gave no host key for \(shown) to check"
            return GIT_ECERTIFICATE.rawValue
        }
        let key = [UInt8](UnsafeRawBufferPointer(start: raw, count: hostkey.hostkey_len))
        let files = credentials.knownHostsFiles.joined(separator: ", ")
        switch KnownHosts(files: credentials.knownHostsFiles).verify(host: endpoint.host, port: endpoint.port, key: key) {
        case .trusted:
            return 0
        case .mismatch:
            hostKeyProblem = "the SSH host key of \(shown) differs from the one in \(files) (someone may be in the middle)"
        case .unknown:
            hostKeyProblem = "the SSH host key of \(shown) is not in \(files); add it (ssh-keyscan) "
                + "or point BUNDLEDIFF_SSH_KNOWN_HOSTS at a file that lists it"
        }
        return GIT_ECERTIFICATE.rawValue
    }

    private func negotiate(_ updates: UnsafeMutablePointer<UnsafePointer<git_push_update>?>?, count: Int) -> Int32 {
        guard clock.touch() else { return GIT_EUSER.rawValue }
        guard let updates else { return 0 }
        for i in 0..<count {
            guard let update = updates[i]?.pointee, let name = update.dst_refname else { continue }
            let refName = String(cString: name)
            guard let expected = expectedRemote[refName] else { continue }
            var current = update.src
            let isZero = git_oid_is_zero(&current) == 1
            let now: ObjectID? = isZero ? nil : ObjectID(current)
            if now != expected { staleReferences.append(refName) }
        }
        return staleReferences.isEmpty ? 0 : GIT_EUSER.rawValue
    }
}

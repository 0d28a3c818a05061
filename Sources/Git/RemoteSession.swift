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
        callbacks.certificate_check = { _, _, _, payload in
            RemoteSession.from(payload).clock.touch() ? GIT_PASSTHROUGH.rawValue : GIT_EUSER.rawValue
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

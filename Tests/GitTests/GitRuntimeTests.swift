import Foundation
import Testing
@testable import Git

/// libgit2's set-up leaves the system's CA bundle unparsed, and a contact with a remote
/// parses it into the chain libgit2 installed (CGitShim's DeferredCertificates.c).
@Suite struct GitRuntimeTests {
    @Test func theCABundleIsParsedOnlyBeforeARemoteIsContacted() throws {
        try GitRuntime.ensureInitialized()
        // Debian's libgit2 1.5 is built with mbedTLS, which loads the bundle at set-up.
        guard GitRuntime.usesMbedTLS, FileManager.default.fileExists(atPath: "/etc/ssl/certs/ca-certificates.crt") else {
            return
        }
        #expect(GitRuntime.certificatesDeferred)
        try GitRuntime.loadCertificates()
        // mbedTLS returns 0, or how many certificates of the bundle it skipped.
        #expect(GitRuntime.certificatesLoadResult >= 0)
    }

    /// The installed binary loads libgssapi_krb5 for "Negotiate" authentication on first use
    /// (CGitShim's LazyGSSAPI.c): a call reaches the library's own function, which answers.
    @Test func gssapiIsLoadedOnFirstUseAndAnswers() {
        let present = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib"]
            .contains { FileManager.default.fileExists(atPath: $0 + "/libgssapi_krb5.so.2") }
        let count = GitRuntime.gssapiMechanismCount
        #expect(GitRuntime.gssapiLoaded == present)
        // Kerberos at least (MIT's library also lists SPNEGO and others), or -1 without it.
        #expect(present ? count >= 1 : count == -1, "\(count) mechanisms")
    }
}

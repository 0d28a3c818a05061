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
}

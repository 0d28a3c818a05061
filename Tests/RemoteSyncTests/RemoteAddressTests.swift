import Git
import Testing

@Suite struct RemoteAddressTests {
    @Test(arguments: [
        ("https://bob:hunter2@host/x.git", "https://bob:***@host/x.git", RemoteAddress.Transport.https),
        ("https://ghp_abc123@github.com/o/r.git", "https://***@github.com/o/r.git", .https),
        ("HTTP://u:p%40ss@h:8080/r", "HTTP://u:***@h:8080/r", .http),
        ("ssh://git@host:22/r.git", "ssh://git@host:22/r.git", .ssh),
        ("ssh://git:pw@host/r.git", "ssh://git:***@host/r.git", .ssh),
        ("git@github.com:o/r.git", "git@github.com:o/r.git", .ssh),
        ("git://127.0.0.1:9418/r.git", "git://127.0.0.1:9418/r.git", .git),
        ("file:///srv/r.git", "file:///srv/r.git", .file),
    ])
    func redactsSecrets(text: String, shown: String, transport: RemoteAddress.Transport) throws {
        let address = try RemoteAddress(text, relativeTo: "/work")
        #expect(address.redacted == shown)
        #expect(address.description == shown)
        #expect(address.transport == transport)
        #expect(address.url == text)
    }

    @Test func scrubsTheURLAndItsSecretsFromLibgit2Messages() throws {
        let address = try RemoteAddress("https://u:p%40ss@h/r", relativeTo: "/")
        #expect(address.scrub("failed for https://u:p%40ss@h/r (p@ss)") == "failed for https://u:***@h/r (***)")
    }

    @Test func relativePathsAreTakenFromTheDirectory() throws {
        let address = try RemoteAddress("../shared/./h.git", relativeTo: "/work/ci")
        #expect(address.transport == .local)
        #expect(address.url == "/work/shared/h.git")
        #expect(address.redacted == "../shared/./h.git")
    }

    @Test(arguments: ["", "ftp://h/r", "https:///r", "http://:80/r", "file://relative", "a\nb"])
    func rejectsWhatIsNotARemote(text: String) {
        #expect(throws: RemoteError.self) { try RemoteAddress(text, relativeTo: "/") }
    }
}

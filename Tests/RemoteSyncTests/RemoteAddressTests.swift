import Foundation
@testable import Git
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

    /// The password's decoded spelling is redacted too: decoded as Foundation's
    /// `removingPercentEncoding` decodes (the oracle here), nil for a bad escape; where the
    /// bytes are not UTF-8 (which Foundation sometimes repairs), nil.
    @Test func percentDecodingAgreesWithFoundation() {
        var inputs = ["", "plain", "p%40ss", "%41%42", "%4", "%zz", "%", "a%2", "%C3%A9", "%c3%a9x", "100%", "%2F%2f"]
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("%0aF9gZ%%~é")
        for _ in 0..<5_000 {
            inputs.append(String((0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }))
        }
        var invalid = 0
        for text in inputs {
            let decoded = RemoteAddress.percentDecoded(text)
            if let foundation = text.removingPercentEncoding, foundation.unicodeScalars.contains("\u{FFFD}") {
                #expect(decoded == nil, "\(text)")
                invalid += 1
            } else {
                #expect(decoded == text.removingPercentEncoding, "\(text)")
            }
        }
        for text in ["%ff", "%A9", "a%e9", "%80%80"] { #expect(RemoteAddress.percentDecoded(text) == nil, "\(text)") }
        #expect(invalid < inputs.count / 2)
    }
}

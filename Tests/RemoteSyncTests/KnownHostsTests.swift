import Foundation
@testable import Git
import Testing
import TestSupport

@Suite struct KnownHostsTests {
    let key: [UInt8] = Array("ssh-ed25519 key blob".utf8)
    let other: [UInt8] = Array("another key blob".utf8)

    func file(_ scratch: ScratchDirectory, _ lines: [String]) throws -> KnownHosts {
        let path = scratch.path("known_hosts")
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        return KnownHosts(files: [scratch.path("missing"), path])
    }

    @Test func plainBracketedWildcardAndNegatedPatterns() throws {
        let scratch = try ScratchDirectory()
        let b64 = Data(key).base64EncodedString()
        let hosts = try file(scratch, [
            "# comment", "",
            "git.example.com,10.0.0.1 ssh-ed25519 \(b64)",
            "[127.0.0.1]:2222 ssh-ed25519 \(b64)",
            "*.corp.example,!evil.corp.example ssh-ed25519 \(b64)",
        ])
        #expect(hosts.verify(host: "GIT.example.com", port: 22, key: key) == .trusted)
        #expect(hosts.verify(host: "10.0.0.1", port: 22, key: other) == .mismatch)
        #expect(hosts.verify(host: "127.0.0.1", port: 2222, key: key) == .trusted)
        #expect(hosts.verify(host: "127.0.0.1", port: 22, key: key) == .unknown)
        #expect(hosts.verify(host: "1", port: 22, key: key) == .unknown)  // not a bracket expression
        #expect(hosts.verify(host: "git.corp.example", port: 22, key: key) == .trusted)
        #expect(hosts.verify(host: "evil.corp.example", port: 22, key: key) == .unknown)
    }

    @Test func hashedHostNamesAndRevokedKeys() throws {
        let scratch = try ScratchDirectory()
        let salt: [UInt8] = Array(0..<20)
        let hash = KnownHosts.hmacSHA1(key: salt, message: Array("[h.example]:2200".utf8))
        let hosts = try file(scratch, [
            "|1|\(Data(salt).base64EncodedString())|\(Data(hash).base64EncodedString()) ecdsa \(Data(key).base64EncodedString())",
            "@revoked * ecdsa \(Data(other).base64EncodedString())",
        ])
        #expect(hosts.verify(host: "h.example", port: 2200, key: key) == .trusted)
        #expect(hosts.verify(host: "h.example", port: 22, key: key) == .unknown)
        #expect(hosts.verify(host: "anything", port: 22, key: other) == .mismatch)
    }

    @Test func hmacSHA1MatchesRFC2202() {
        let mac = KnownHosts.hmacSHA1(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))
        #expect(mac.map { String(format: "%02x", $0) }.joined() == "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79")
    }

    @Test func sshEndpoints() throws {
        #expect(try RemoteAddress("ssh://git@h.example:2200/r.git", relativeTo: "/").sshEndpoint! == ("h.example", 2200))
        #expect(try RemoteAddress("ssh://h.example/r.git", relativeTo: "/").sshEndpoint! == ("h.example", 22))
        #expect(try RemoteAddress("ssh://u@[::1]:2222/r", relativeTo: "/").sshEndpoint! == ("::1", 2222))
        #expect(try RemoteAddress("git@h.example:o/r.git", relativeTo: "/").sshEndpoint! == ("h.example", 22))
        #expect(try RemoteAddress("https://h/r", relativeTo: "/").sshEndpoint == nil)
    }
}

import BundleModel
@testable import BundleReading
import Testing

/// One SHA-256, two implementations: the plain-Swift `SHA256Digest.of` (reports, no C
/// library) and the OpenSSL hasher that digests build contents. They must never disagree.
@Suite struct DigestAgreementTests {
    static func openSSL(_ bytes: [UInt8]) throws -> SHA256Digest {
        let hasher = try #require(Sha256Hasher())
        bytes.withUnsafeBytes { hasher.update($0) }
        return hasher.finish()
    }

    @Test func knownAnswers() {
        // FIPS 180-4 examples.
        #expect(SHA256Digest.of([]).description == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256Digest.of(Array("abc".utf8)).description
            == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256Digest.of(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)).description
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func agreesWithOpenSSLAcrossBlockBoundaries() throws {
        var generator = SystemRandomNumberGenerator()
        // Every length over the padding edges (55/56/63/64 bytes and their multiples).
        for length in 0...300 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(SHA256Digest.of(bytes) == (try Self.openSSL(bytes)), "length \(length)")
        }
        let large = (0..<100_003).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        #expect(SHA256Digest.of(large) == (try Self.openSSL(large)))
    }
}

extension SHA256Digest {
    /// The digest of a small in-memory input (a report's inline script, for its
    /// Content-Security-Policy); nil only when OpenSSL cannot start a digest.
    public static func of(_ bytes: [UInt8]) -> SHA256Digest? {
        guard let hasher = Sha256Hasher() else { return nil }
        bytes.withUnsafeBytes { hasher.update($0) }
        return hasher.finish()
    }
}

import TextSafety

/// Hashes bytes by a code signature's hash type: SHA-1 (1), SHA-256 (2), SHA-256 truncated
/// (3), SHA-384 (4); nil for a type it does not know. The caller supplies it (bundlediff's
/// readers hash with OpenSSL), so this module links no C library and its values stay plain.
public typealias MachODigest = @Sendable (_ hashType: MachOHashType, _ bytes: ArraySlice<UInt8>) -> [UInt8]?

enum MachOCDHash {
    /// The first 20 bytes of the CodeDirectory's hash by its own hash type, lowercase hex;
    /// nil without a digest, or for a hash type the digest does not know.
    static func of(_ bytes: ArraySlice<UInt8>, hashType: MachOHashType, digest: MachODigest?) -> String? {
        guard let hash = digest?(hashType, bytes), hash.count >= 20 else { return nil }
        return Hex.encode(Array(hash.prefix(20)))
    }
}

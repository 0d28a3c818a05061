import COpenSSL
import MachO

/// The digests a code signature names, through OpenSSL (as every other hash bundlediff
/// takes of a build): the `MachODigest` the readers give the Mach-O reader for cdhashes.
public enum SignatureDigest {
    /// SHA-1, SHA-256 (whole or truncated: the caller takes 20 bytes) or SHA-384 of `bytes`
    /// by the CodeDirectory hash type; nil for any other type.
    public static let machO: MachODigest = { hashType, bytes in
        let md: OpaquePointer?
        switch hashType.rawValue {
        case 1: md = EVP_sha1()
        case 2, 3: md = EVP_sha256()
        case 4: md = EVP_sha384()
        default: return nil
        }
        guard let md else { return nil }
        var out = [UInt8](repeating: 0, count: 64)
        var length: UInt32 = 0
        let ok = bytes.withUnsafeBytes { input in
            out.withUnsafeMutableBufferPointer { output in
                EVP_Digest(input.baseAddress, input.count, output.baseAddress, &length, md, nil)
            }
        }
        guard ok == 1 else { return nil }
        return Array(out.prefix(Int(length)))
    }
}

import COpenSSL

/// The digests a code signature uses, through OpenSSL (as the rest of bundlediff hashes).
enum MachODigest {
    /// The first 20 bytes of the CodeDirectory's hash by its own hash type, lowercase hex;
    /// nil for a hash type Apple has not defined.
    static func cdhash(_ bytes: ArraySlice<UInt8>, hashType: MachOHashType) -> String? {
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
        guard ok == 1, length >= 20 else { return nil }
        return hex(out.prefix(20))
    }

    static func hex(_ bytes: some Collection<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

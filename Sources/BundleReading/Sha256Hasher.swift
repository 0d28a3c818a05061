import BundleModel
import COpenSSL

/// An incremental SHA-256 over OpenSSL's EVP interface (uses the CPU's SHA extensions).
/// One per worker thread; `reset()` between files.
final class Sha256Hasher {
    private let context: OpaquePointer

    init?() {
        guard let ctx = EVP_MD_CTX_new() else { return nil }
        context = ctx
        guard reset() else { return nil }
    }

    deinit { EVP_MD_CTX_free(context) }

    @discardableResult
    func reset() -> Bool {
        EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1
    }

    func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        EVP_DigestUpdate(context, base, bytes.count)
    }

    func finish() -> SHA256Digest {
        var out = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        out.withUnsafeMutableBufferPointer { buffer in
            _ = EVP_DigestFinal_ex(context, buffer.baseAddress, &length)
        }
        reset()
        return SHA256Digest(bytes: out)
    }
}

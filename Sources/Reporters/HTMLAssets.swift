import BundleModel
import Foundation

/// The page's inline style and script, and the Content-Security-Policy that allows exactly
/// those two (by SHA-256 hash) and nothing else: no network, no other script, no images,
/// no forms. A name that slipped past escaping still could not run.
enum HTMLAssets {
    /// The `content` of the page's CSP `<meta>` (already attribute-safe).
    static let contentSecurityPolicy: String = {
        "default-src 'none'; style-src \(source(style)); script-src \(source(script)); "
            + "base-uri 'none'; form-action 'none'"
    }()

    /// `'sha256-…'` for an inline block; `'none'` should hashing be unavailable (the page
    /// then reads without style or script).
    static func source(_ block: String) -> String {
        guard let digest = SHA256Digest.of(Array(block.utf8)) else { return "'none'" }
        return "'sha256-\(Data(digest.bytes).base64EncodedString())'"
    }
}

import BundleModel
import FoundationEssentials

/// The pages' inline style and script, and the Content-Security-Policy that allows exactly
/// those two (by SHA-256 hash) and nothing else: no network, no other script, no images,
/// no forms. A name that slipped past escaping still could not run. The diff and gate page
/// and the history pages share them: one stylesheet, one policy.
enum HTMLAssets {
    /// The `content` of the page's CSP `<meta>` (already attribute-safe).
    static let contentSecurityPolicy: String = {
        "default-src 'none'; style-src \(source(style)); script-src \(source(script)); "
            + "base-uri 'none'; form-action 'none'"
    }()

    /// `'sha256-…'` for an inline block.
    static func source(_ block: String) -> String {
        "'sha256-\(Data(SHA256Digest.of(Array(block.utf8)).bytes).base64EncodedString())'"
    }

    /// `<!DOCTYPE html>` through `</head>`: charset, the policy, the viewport, the generator
    /// (when known), the title and the stylesheet. `title` and `generator` are raw text.
    static func head(title: String, generator: String?) -> String {
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta http-equiv=\"Content-Security-Policy\" content=\"\(contentSecurityPolicy)\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        if let generator { out += "<meta name=\"generator\" content=\"\(HTMLEscaping.attribute(generator))\">\n" }
        out += "<title>\(HTMLEscaping.attribute(title))</title>\n"
        return out + "<style>\(style)</style>\n</head>\n"
    }
}

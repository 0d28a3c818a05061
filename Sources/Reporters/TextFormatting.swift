import BundleModel
import TextSafety

/// Small, locale-free formatting helpers shared by the text reporters.
enum TextFormatting {
    /// Text from a build (keys, values, names) made safe for one report line: line breaks,
    /// tabs and other control characters become visible escapes.
    static func oneLine(_ text: String) -> String { VisibleText.escape(text) }

    /// `12,345`.
    static func grouped(_ n: UInt64) -> String {
        let digits = Array(String(n).utf8)
        var out: [UInt8] = []
        out.reserveCapacity(digits.count + digits.count / 3)
        for (i, d) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(UInt8(ascii: ",")) }
            out.append(d)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `+1,024` / `-12` / `0`.
    static func signed(_ n: Int64) -> String {
        if n == 0 { return "0" }
        return (n > 0 ? "+" : "-") + grouped(n.magnitude)
    }

    /// `1.4 MB`, `812 B` (`ByteCount`).
    static func bytes(_ n: UInt64) -> String { ByteCount.text(n) }

    /// `+1.4 MB` / `-812 B`.
    static func signedBytes(_ n: Int64) -> String {
        n == 0 ? "0 B" : (n > 0 ? "+" : "-") + bytes(n.magnitude)
    }

    /// `1.2 (45)`, with `?` for what is missing; hidden characters of the versions escaped.
    static func version(_ bundle: BundleInfo?) -> String {
        guard let bundle else { return "—" }
        return oneLine("\(bundle.shortVersion ?? "?") (\(bundle.version ?? "?"))")
    }

    /// Pads to `width` display columns (`VisibleText.columns`: wide characters take two).
    static func pad(_ s: String, _ width: Int) -> String {
        let n = VisibleText.columns(s)
        return n >= width ? s : s + String(repeating: " ", count: width - n)
    }

    /// `s` in a column `width` display columns wide, then two spaces: cut with a trailing `…`
    /// when longer, padded when shorter, so the next column always starts at the same place.
    static func column(_ s: String, _ width: Int) -> String {
        guard VisibleText.columns(s) > width else { return pad(s, width) + "  " }
        return pad(String(VisibleText.prefix(s, columns: max(0, width - 1))) + "…", width) + "  "
    }

    /// A path inside a bundle, relative to the bundle's directory when it lies within it.
    static func path(_ p: BundlePath, in bundle: BundleInfo?) -> String {
        guard let bundle, let rel = p.relative(to: bundle.path), !rel.isRoot else { return p.description }
        return rel.description
    }
}

/// Replaces text by its UTF-8 bytes, not by `Character`: a quote or a secret followed by a
/// combining mark is still found (a `Character` comparison sees one grapheme there and
/// misses it), which escaping and redaction need.
public enum TextReplacement {
    /// `text` with every occurrence of `target` (not empty) replaced by `replacement`,
    /// left to right, without overlaps.
    public static func replacing(_ target: String, with replacement: String, in text: String) -> String {
        let needle = Array(target.utf8)
        guard !needle.isEmpty else { return text }
        let haystack = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(haystack.count)
        var i = 0
        var replaced = false
        while i < haystack.count {
            if haystack[i] == needle[0], i + needle.count <= haystack.count,
               haystack[i..<(i + needle.count)].elementsEqual(needle) {
                out += replacement.utf8
                i += needle.count
                replaced = true
            } else {
                out.append(haystack[i])
                i += 1
            }
        }
        return replaced ? String(decoding: out, as: UTF8.self) : text
    }
}

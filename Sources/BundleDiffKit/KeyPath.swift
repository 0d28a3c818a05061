import PropertyLists

/// A key path into a property list: `NSExtension.NSExtensionAttributes`, `UIDeviceFamily[0]`,
/// `CFBundleIcons."Odd.key"`. Quoted segments may hold dots and brackets.
public struct KeyPath: Hashable, Sendable, CustomStringConvertible {
    public enum Segment: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public var segments: [Segment]

    public init(segments: [Segment]) { self.segments = segments }

    /// Parses the textual form; nil when it is malformed (unbalanced quote or bracket, empty key).
    public init?(parsing text: String) {
        var segments: [Segment] = []
        var chars = Array(text.unicodeScalars)[...]
        var expectSeparator = false
        while let c = chars.first {
            if c == "[" {
                chars = chars.dropFirst()
                guard let close = chars.firstIndex(of: "]"),
                      let n = Int(String(String.UnicodeScalarView(chars[..<close]))), n >= 0 else { return nil }
                segments.append(.index(n))
                chars = chars[(close + 1)...]
                expectSeparator = true
                continue
            }
            if expectSeparator {
                guard c == "." else { return nil }
                chars = chars.dropFirst()
            }
            if chars.first == "\"" {
                chars = chars.dropFirst()
                var key = String.UnicodeScalarView()
                var closed = false
                while let d = chars.first {
                    chars = chars.dropFirst()
                    if d == "\\", let e = chars.first { key.append(e); chars = chars.dropFirst(); continue }
                    if d == "\"" { closed = true; break }
                    key.append(d)
                }
                guard closed else { return nil }
                segments.append(.key(String(key)))
            } else {
                let end = chars.firstIndex { $0 == "." || $0 == "[" } ?? chars.endIndex
                guard end > chars.startIndex else { return nil }
                segments.append(.key(String(String.UnicodeScalarView(chars[..<end]))))
                chars = chars[end...]
            }
            expectSeparator = true
        }
        guard !segments.isEmpty else { return nil }
        self.segments = segments
    }

    /// The value at this path, if any.
    public func value(in root: PlistValue) -> PlistValue? {
        var current = root
        for segment in segments {
            switch segment {
            case .key(let k):
                guard let next = current[k] else { return nil }
                current = next
            case .index(let i):
                guard let array = current.arrayValue, i < array.count else { return nil }
                current = array[i]
            }
        }
        return current
    }

    public var description: String {
        var out = ""
        for segment in segments {
            switch segment {
            case .index(let i): out += "[\(i)]"
            case .key(let k):
                if !out.isEmpty { out += "." }
                let simple = !k.isEmpty && k.unicodeScalars.allSatisfy { $0 != "." && $0 != "[" && $0 != "\"" && $0 != "]" }
                if simple {
                    out += k
                } else {
                    out += "\""
                    for c in k.unicodeScalars {
                        if c == "\"" || c == "\\" { out += "\\" }
                        out.unicodeScalars.append(c)
                    }
                    out += "\""
                }
            }
        }
        return out
    }
}

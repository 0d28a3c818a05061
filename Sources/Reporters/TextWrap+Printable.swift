import TextSafety

/// A line of printable ASCII only (`VisibleText.isPrintableASCII`): each byte a character
/// one column wide, and a space always a character of its own. Such a line is wrapped over
/// its bytes: splitting a `String` into characters, word by word, was most of a text
/// report's rendering.
struct PrintableLine {
    let bytes: [UInt8]

    init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard VisibleText.isPrintableASCII(bytes) else { return nil }
        self.bytes = bytes
    }
}

extension TextWrap {
    /// `wrap(_:indent:)` of a printable line: its leading spaces stay on the first line.
    func wrap(_ line: PrintableLine, indent: Int) -> [String] {
        let lead = line.bytes.prefix { $0 == UInt8(ascii: " ") }.count
        return wrap(Array(line.bytes[..<lead]), Array(line.bytes[lead...]), indent: indent)
    }

    /// `wrap(first:_:indent:)` over printable bytes, line for line the same: words are the
    /// runs between single spaces (an empty one between two spaces), a word wider than
    /// what is left of a line is cut at the line's end.
    func wrap(_ first: [UInt8], _ text: [UInt8], indent: Int) -> [String] {
        let space = UInt8(ascii: " ")
        let hang = [UInt8](repeating: space, count: hangWidth(indent))
        var out: [String] = []
        var current = first
        var empty = true
        var start = 0
        while true {
            let end = text[start...].firstIndex(of: space) ?? text.count
            var word = text[start..<end]
            if !empty && current.count + 1 + word.count <= width {
                current.append(space)
                current += word
            } else {
                if !empty {
                    out.append(String(decoding: current, as: UTF8.self))
                    current = hang
                }
                while current.count + word.count > width && !word.isEmpty {
                    let piece = word.prefix(max(1, width - current.count))
                    out.append(String(decoding: current + piece, as: UTF8.self))
                    word = word.dropFirst(piece.count)
                    current = hang
                }
                current += word
                empty = false
            }
            guard end < text.count else { break }
            start = end + 1
        }
        out.append(String(decoding: current, as: UTF8.self))
        return out
    }
}

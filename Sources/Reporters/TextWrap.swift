import TextSafety

/// Wraps report lines to a terminal's width on display columns (`VisibleText.columns`):
/// at spaces, with a hanging indent, a word longer than a whole line cut where the line
/// ends. Lines are escaped text (`TextFormatting.oneLine`), so no hidden scalar counts.
struct TextWrap {
    /// The columns a line may take.
    var width: Int

    /// The narrowest width wrapped to: below it, the indents would leave no room to read.
    static let narrowest = 40

    init(width: Int) { self.width = max(Self.narrowest, width) }

    /// `line` in lines of at most `width` columns; the lines after the first start with
    /// `indent` spaces. Its own leading spaces stay on the first line.
    func wrap(_ line: String, indent: Int) -> [String] {
        Self.columns(line) > width ? wrapOverlong(line, indent: indent) : [line]
    }

    /// `wrap(_:indent:)` of a line known to be wider than `width`.
    private func wrapOverlong(_ line: String, indent: Int) -> [String] {
        if let lines = PrintableLine(line).map({ wrap($0, indent: indent) }) { return lines }
        let lead = line.prefix { $0 == " " }
        return wrap(first: String(lead), String(line.dropFirst(lead.count)), indent: indent)
    }

    /// The spaces the lines after a first one start with, for `indent`: never so many
    /// that less than half the narrowest width is left.
    func hangWidth(_ indent: Int) -> Int { max(0, min(indent, width - Self.narrowest / 2)) }

    /// `first` (a prefix such as an indent and a column), then `text` wrapped after it;
    /// the lines after the first start with `indent` spaces.
    func wrap(first: String, _ text: String, indent: Int) -> [String] {
        if let first = PrintableLine(first), let text = PrintableLine(text) {
            return wrap(first.bytes, text.bytes, indent: indent)
        }
        return wrapByCharacter(first: first, text, indent: indent)
    }

    /// `wrap(first:_:indent:)` character by character, for text that is not printable ASCII
    /// (wide and combining characters, colour escapes).
    func wrapByCharacter(first: String, _ text: String, indent: Int) -> [String] {
        let hang = String(repeating: " ", count: hangWidth(indent))
        var out: [String] = []
        var current = first
        var used = Self.columns(first)
        var empty = true
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            var word = String(word)
            var w = Self.columns(word)
            if !empty && used + 1 + w <= width {
                current += " " + word
                used += 1 + w
                continue
            }
            if !empty {
                out.append(current)
                (current, used) = (hang, hang.count)
            }
            // A word wider than what is left of the line: cut it at the line's end.
            while used + w > width && w > 0 {
                let piece = VisibleText.prefix(word, columns: max(1, width - used))
                out.append(current + piece)
                word = String(word.dropFirst(piece.count))
                w = Self.columns(word)
                (current, used) = (hang, hang.count)
            }
            current += word
            used += w
            empty = false
        }
        out.append(current)
        return out
    }
}

extension TextWrap {
    /// The columns of a report line: `VisibleText.columns` without the report's own ANSI
    /// colour sequences (`ESC [ digits m`, from `TextStyle`), so colour never moves a break.
    static func columns(_ line: String) -> Int {
        // ESC is a character of its own (a control), so a byte test finds it.
        guard line.utf8.contains(0x1B) else { return VisibleText.columns(line) }
        var plain = ""
        var inEscape = false
        for scalar in line.unicodeScalars {
            if inEscape {
                if scalar == "m" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                plain.unicodeScalars.append(scalar)
            }
        }
        return VisibleText.columns(plain)
    }

    /// Every line wrapped, each hanging two columns deeper than its own indent.
    func wrap(_ lines: [String]) -> [String] {
        lines.flatMap { line in
            // Most lines fit: their indent is counted only for one that wraps.
            guard Self.columns(line) > width else { return [line] }
            return wrapOverlong(line, indent: line.prefix { $0 == " " }.count + 2)
        }
    }
}

/// A `!!binary` scalar's decoded bytes: no setting takes one, so it only must not pass
/// for a string.
struct YAMLBinary: Hashable, Sendable {
    var bytes: [UInt8]

    /// Decodes base64 where Foundation's `Data(base64Encoded:options: .ignoreUnknownCharacters)`
    /// did for Yams (found by comparing the two on many strings), nil where it refused:
    /// bytes outside the alphabet are skipped; `=` ends the data after two or three letters
    /// of a group (two need `==`; what follows is ignored), or after whole groups (then no
    /// letter may follow); a group of one letter, or letters that stop mid-group, fail;
    /// text without any letter or `=` reads as empty only when its length is a multiple of 4.
    init?(base64 text: String) {
        enum State { case letters, halfPadded, padded, done }
        var state = State.letters
        var out: [UInt8] = []
        var group: UInt32 = 0, inGroup = 0, letters = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "=") {
                switch state {
                case .done, .padded: continue
                case .halfPadded: state = .done; continue
                case .letters: break
                }
                switch inGroup {
                case 0: guard letters > 0 else { return nil }; state = .padded
                case 1: return nil
                case 2: out.append(UInt8(truncatingIfNeeded: group >> 4)); state = .halfPadded
                default: out += [UInt8(truncatingIfNeeded: group >> 10), UInt8(truncatingIfNeeded: group >> 2)]; state = .done
                }
                continue
            }
            guard let value = Self.value(byte) else { continue }
            switch state {
            case .done: continue
            case .halfPadded, .padded: return nil
            case .letters: break
            }
            group = group << 6 | UInt32(value)
            inGroup += 1
            letters += 1
            if inGroup == 4 {
                out += [UInt8(truncatingIfNeeded: group >> 16), UInt8(truncatingIfNeeded: group >> 8), UInt8(truncatingIfNeeded: group)]
                group = 0
                inGroup = 0
            }
        }
        switch state {
        case .letters:
            guard inGroup == 0, letters > 0 || text.utf8.count % 4 == 0 else { return nil }
        case .halfPadded: return nil
        case .padded, .done: break
        }
        bytes = out
    }

    /// A base64 letter's value.
    private static func value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}

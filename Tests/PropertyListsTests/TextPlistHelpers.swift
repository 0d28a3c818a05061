@testable import PropertyLists

/// Encodings a test can write text in.
enum TestTextEncoding: CaseIterable, CustomStringConvertible {
    case utf8, utf8BOM, utf16LE, utf16LEBOM, utf16BE, utf16BEBOM

    var description: String { "\(expected.rawValue)" }

    /// What the reader should report.
    var expected: TextEncoding {
        switch self {
        case .utf8: .utf8
        case .utf8BOM: .utf8BOM
        case .utf16LE: .utf16LE
        case .utf16LEBOM: .utf16LEBOM
        case .utf16BE: .utf16BE
        case .utf16BEBOM: .utf16BEBOM
        }
    }

    func encode(_ text: String) -> [UInt8] {
        switch self {
        case .utf8: return Array(text.utf8)
        case .utf8BOM: return [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        case .utf16LE, .utf16LEBOM, .utf16BE, .utf16BEBOM:
            let little = self == .utf16LE || self == .utf16LEBOM
            var out: [UInt8] = self == .utf16LEBOM ? [0xFF, 0xFE] : self == .utf16BEBOM ? [0xFE, 0xFF] : []
            for unit in text.utf16 {
                let lo = UInt8(unit & 0xFF), hi = UInt8(unit >> 8)
                out += little ? [lo, hi] : [hi, lo]
            }
            return out
        }
    }
}

/// Reads `text` as a `.strings` file.
func readStrings(_ text: String, _ encoding: TestTextEncoding = .utf8) throws -> PlistDocument {
    try PropertyListReader.readStrings(encoding.encode(text))
}

/// The top-level dictionary of a `.strings` file as ordered pairs.
func stringPairs(_ document: PlistDocument) -> [(String, String)] {
    (document.root.dictionaryValue?.entries ?? []).map { ($0.key, $0.value.stringValue ?? "<\($0.value.typeName)>") }
}

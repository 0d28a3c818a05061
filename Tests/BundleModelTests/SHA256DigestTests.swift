import BundleModel
import Testing
import TextSafety

/// A digest is parsed from its 64 digits in one place, word by word: it must read exactly
/// what `Hex.decode` reads (either case in, lowercase out) and refuse everything else.
@Suite struct SHA256DigestTests {
    @Test func hexDigitsReadAsHexDecodeReadsThem() throws {
        var texts = [String(repeating: "0", count: 64), String(repeating: "ab", count: 32),
                     "9F86D081884C7D659A2FEAA0C55AD015a3bf4f1b2b0b822cd15d6c15b0f00a08",
                     String(repeating: "f", count: 63), String(repeating: "f", count: 65), "",
                     String(repeating: "0", count: 63) + "g", String(repeating: "0", count: 62) + "é"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            texts.append(String((0..<64).map { _ in "0123456789abcdefABCDEF".randomElement(using: &generator)! }))
        }
        for text in texts {
            let expected = Hex.decode(text, byteCount: 32)
            #expect(SHA256Digest(hex: text)?.bytes == expected, "\(text)")
            let viaPointer = Array(text.utf8).withUnsafeBufferPointer { SHA256Digest(hexDigits: $0) }
            #expect(viaPointer?.bytes == expected, "\(text)")
            if let expected { #expect(SHA256Digest(hex: text)?.description == Hex.encode(expected)) }
        }
    }
}

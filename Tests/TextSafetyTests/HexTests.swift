import Testing
import TextSafety

/// The one hex spelling: lowercase out, either case in, nothing else accepted.
@Suite struct HexTests {
    @Test func encodesLowercaseAndDecodesEitherCase() {
        #expect(Hex.encode([0x00, 0x0f, 0xa5, 0xff]) == "000fa5ff")
        #expect(Hex.decode("000FA5ff") == [0x00, 0x0f, 0xa5, 0xff])
        #expect(Hex.decode("") == [])
        #expect(Hex.decode("abcd", byteCount: 2) == [0xab, 0xcd])
    }

    @Test func refusesOddLengthsOtherCharactersAndOtherCounts() {
        #expect(Hex.decode("abc") == nil)
        #expect(Hex.decode("0g") == nil)
        #expect(Hex.decode(" 0") == nil)
        #expect(Hex.decode("abcd", byteCount: 3) == nil)
        #expect(Hex.nibble(UInt8(ascii: "G")) == nil)
        #expect(Hex.nibble(UInt8(ascii: "F")) == 15)
    }

    /// Eight digits at once agree with the digit-by-digit reading: every byte value at every
    /// place among valid digits, and random words.
    @Test func eightDigitsAtOnceAgreeWithOneByOne() {
        func oneByOne(_ bytes: [UInt8]) -> UInt32? {
            var value: UInt32 = 0
            for byte in bytes {
                guard let n = Hex.nibble(byte) else { return nil }
                value = value << 4 | UInt32(n)
            }
            return value
        }
        func word(_ bytes: [UInt8]) -> UInt64 { bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * $1.offset) } }
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdefABCDEF".utf8)
        for _ in 0..<16 {
            var bytes = (0..<8).map { _ in digits.randomElement(using: &generator)! }
            #expect(Hex.value(ofEightDigits: word(bytes)) == oneByOne(bytes))
            for place in 0..<8 {
                let kept = bytes[place]
                for byte in UInt8.min...UInt8.max {
                    bytes[place] = byte
                    #expect(Hex.value(ofEightDigits: word(bytes)) == oneByOne(bytes))
                }
                bytes[place] = kept
            }
        }
        for _ in 0..<2_000 {
            let any = UInt64.random(in: .min ... .max, using: &generator)
            let anyBytes = (0..<8).map { UInt8(truncatingIfNeeded: any >> (8 * $0)) }
            #expect(Hex.value(ofEightDigits: any) == oneByOne(anyBytes))
        }
        #expect(Hex.value(ofEightDigits: word(Array("0123abCD".utf8))) == 0x0123_ABCD)
        #expect(Hex.value(ofEightDigits: word(Array("ffffffff".utf8))) == 0xFFFF_FFFF)
    }
}

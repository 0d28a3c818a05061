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
}

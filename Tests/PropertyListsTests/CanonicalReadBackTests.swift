import PropertyLists
import Testing

/// What a value kept without its canonical text's round trip (the recording's cache) must
/// be: one that the text reads back bit for bit.
@Suite struct CanonicalReadBackTests {
    static func document(_ root: PlistValue) -> DecodedPlist { .decoded(PlistDocument(format: .binary, root: root)) }

    @Test func onlyAnUnspeltNaNDoesNotReadBack() throws {
        let payload = Double(bitPattern: Double.nan.bitPattern | 1), negative = -Double.nan
        for (value, exact) in [(PlistValue.real(.nan), true), (.real(-0.0), true), (.real(.infinity), true),
                               (.real(payload), false), (.real(negative), false), (.date(-1e-300), true),
                               (.array([.dictionary(PlistDictionary([("k", .real(negative))]))]), false)] {
            let plist = Self.document(value)
            #expect(CanonicalText.readsBackExactly(plist) == exact)
            // The claim, checked through the text and the encoding the cache keeps.
            let back = try CanonicalText.parse(CanonicalText.render(plist))
            var a: [UInt8] = [], b: [UInt8] = []
            _ = PlistEncoding.append(value, to: &a)
            _ = back.document.map { PlistEncoding.append($0.root, to: &b) }
            #expect((a == b) == exact)
        }
        #expect(CanonicalText.readsBackExactly(.undecodable(reason: "x")))
    }
}

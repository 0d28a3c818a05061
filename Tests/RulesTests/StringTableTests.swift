import PropertyLists
import Testing
@testable import Rules

/// `StringTable`'s sorted keys answer the parity rules' questions side by side when two
/// tables have the same keys, and key by key otherwise: both ways give the same answer.
@Suite struct StringTableTests {
    private func table(_ pairs: [(String, String)]) -> StringTable {
        StringTable(.dictionary(PlistDictionary(pairs.map { ($0.0, PlistValue.string($0.1)) })), isStringsdict: false)
    }

    @Test func equalValuesSideBySideAndKeyByKey() {
        let reference = table([("save", "Save"), ("ok", "OK"), ("hello", "Hello")])
        let sameKeys = table([("hello", "Hallo"), ("save", "Save"), ("ok", "Ok")])
        let otherKeys = table([("save", "Save"), ("hello", "Hello"), ("extra", "x")])
        #expect(reference.keys(withValueEqualTo: sameKeys) { _ in true } == ["save"])
        #expect(reference.keys(withValueEqualTo: otherKeys) { _ in true } == ["hello", "save"])
        #expect(reference.keys(withValueEqualTo: otherKeys) { $0.count > 4 } == ["hello"])
        // A key spelled with a combining mark is the same key (String equality).
        let composed = table([("caf\u{E9}", "Caf\u{E9}")])
        let decomposed = table([("cafe\u{301}", "Caf\u{E9}")])
        #expect(composed.keys(withValueEqualTo: decomposed) { _ in true } == ["caf\u{E9}"])
    }

    @Test func missingKeysWithAndWithoutTheSameKeys() {
        let reference = table([("a", "A"), ("b", "B"), ("c", "C")])
        #expect(reference.keys(missingFrom: table([("c", "3"), ("a", "1"), ("b", "2")])).isEmpty)
        #expect(reference.keys(missingFrom: table([("a", "1")])) == ["b", "c"])
        #expect(table([("a", "1"), ("z", "2")]).keys(missingFrom: reference) == ["z"])
        #expect(reference.sortedKeys == ["a", "b", "c"] && reference.sortedValueKeys == reference.sortedKeys)
        #expect(reference.valuesInKeyOrder == ["A", "B", "C"])
    }

    /// The sorted lists answer what a set of keys and a dictionary of texts answered, over
    /// random tables whose keys include canonically equal spellings and non-string values.
    @Test func sortedListsAnswerAsASetAndADictionaryWould() {
        var rng = SystemRandomNumberGenerator()
        let pieces = ["a", "b", "K", "\u{C0}", "caf\u{E9}", "cafe\u{301}", "\u{C5}", "A\u{30A}", "z", "%d", "é", "ß", "/"]
        func randomKey() -> String { (0..<Int.random(in: 1...3, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined() }
        for _ in 0..<300 {
            let pairs = (0..<Int.random(in: 0...12, using: &rng)).map { _ in
                (randomKey(), Bool.random(using: &rng) ? PlistValue.string(randomKey()) : PlistValue.boolean(true))
            }
            let plist = PlistDictionary(pairs)
            let table = StringTable(.dictionary(plist), isStringsdict: false)
            let keys = Set(plist.keys)
            var texts: [String: String] = [:]
            for (key, value) in plist.entries { if let text = value.stringValue { texts[key] = text } }
            // `String`'s `<` is a true order only over plain keys: elsewhere, compare as sets.
            let plain = keys.allSatisfy(StringTable.isPlain)
            #expect(table.isPlain == plain)
            #expect(Set(table.sortedKeys) == keys && table.keyCount == keys.count)
            #expect(Set(table.sortedValueKeys) == Set(texts.keys) && table.sortedValueKeys.count == texts.count)
            if plain { #expect(table.sortedKeys == keys.sorted() && table.sortedValueKeys == texts.keys.sorted()) }
            for probe in (0..<8).map({ _ in randomKey() }) + ["A\u{300}", "\u{C0}", "\u{212A}", "K"] {
                #expect(table.contains(key: probe) == keys.contains(probe))
                #expect(table.value(forKey: probe) == texts[probe])
            }
            #expect(Set(table.percentKeys) == Set(texts.filter { $0.value.utf8.contains(UInt8(ascii: "%")) }.keys))
            let other = StringTable(.dictionary(PlistDictionary((0..<Int.random(in: 0...12, using: &rng)).map { _ in
                (randomKey(), PlistValue.string(randomKey()))
            })), isStringsdict: false)
            let missing = table.keys(missingFrom: other), expected = keys.subtracting(other.sortedKeys)
            #expect(Set(missing) == expected && missing.count == expected.count)
            if plain, other.isPlain { #expect(missing == expected.sorted()) }
        }
    }
}

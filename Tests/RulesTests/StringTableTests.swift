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
}

import PropertyLists
import Testing

/// `PlistDictionary` keeps the file's key order: a key set again keeps its place with the
/// last value (as Apple's readers do for a duplicate), a removed key leaves the others in
/// order and still findable, and equality and hashing follow keys and values in order.
@Suite struct PlistDictionaryTests {
    @Test func orderLookupAndRemoval() {
        var dict = PlistDictionary([("b", .string("1")), ("a", .string("2")), ("c", .boolean(true))])
        dict["b"] = .string("again")
        #expect(dict.keys == ["b", "a", "c"])
        #expect(dict["b"] == .string("again"))
        dict["d"] = .string("4")
        dict["a"] = nil
        dict["missing"] = nil
        #expect(dict.keys == ["b", "c", "d"])
        #expect(dict.count == 3)
        #expect(dict["a"] == nil)
        #expect(dict["c"] == .boolean(true) && dict["d"] == .string("4"))
        #expect(dict.entries.map(\.key) == ["b", "c", "d"])
        #expect(dict.entries.map(\.value) == [.string("again"), .boolean(true), .string("4")])
        dict["b"] = nil
        dict["d"] = nil
        dict["c"] = nil
        #expect(dict.isEmpty && dict.entries.isEmpty && dict == PlistDictionary())
        dict["c"] = .string("back")
        #expect(dict.keys == ["c"] && dict["c"] == .string("back"))
    }

    @Test func appendNewRefusesAKeyThatIsThere() {
        var dict = PlistDictionary(minimumCapacity: 4)
        let added = [dict.appendNew("a", .string("1")), dict.appendNew("b", .string("2")),
                     dict.appendNew("a", .string("changed"))]
        #expect(added == [true, true, false])
        #expect(dict.keys == ["a", "b"] && dict["a"] == .string("1") && dict["b"] == .string("2"))
        #expect(dict == PlistDictionary([("a", .string("1")), ("b", .string("2"))]))
    }

    @Test func equalityFollowsOrder() {
        let ab = PlistDictionary([("a", .string("1")), ("b", .string("2"))])
        let ba = PlistDictionary([("b", .string("2")), ("a", .string("1"))])
        var rebuilt = PlistDictionary([("a", .string("1")), ("x", .string("0")), ("b", .string("2"))])
        rebuilt["x"] = nil
        #expect(ab != ba)
        #expect(ab == rebuilt && ab.hashValue == rebuilt.hashValue)
        #expect(ab != PlistDictionary([("a", .string("1")), ("b", .string("3"))]))
    }

    /// A small dictionary compares its keys in turn, a larger one keeps a table: random
    /// additions, replacements and removals across that size answer as a plain list of
    /// pairs does (order, look-ups of present and absent keys, duplicates refused).
    @Test func smallAndLargeAnswerAsAListOfPairs() {
        var generator = SystemRandomNumberGenerator()
        let names = (0..<24).map { "k\($0)" } + ["e\u{301}", "\u{E9}"]
        for _ in 0..<200 {
            var dict = PlistDictionary(minimumCapacity: Int.random(in: 0...30, using: &generator))
            var model: [(String, PlistValue)] = []
            for step in 0..<60 {
                let key = names.randomElement(using: &generator)!
                let value = PlistValue.string("v\(step)")
                switch Int.random(in: 0..<4, using: &generator) {
                case 0:
                    let added = dict.appendNew(key, value)
                    #expect(added == !model.contains { $0.0 == key })
                    if added { model.append((key, value)) }
                case 1:
                    dict[key] = value
                    if let i = model.firstIndex(where: { $0.0 == key }) { model[i].1 = value } else { model.append((key, value)) }
                default:
                    if Bool.random(using: &generator) {
                        dict[key] = nil
                        model.removeAll { $0.0 == key }
                    }
                }
                #expect(dict.keys == model.map(\.0))
                for name in names { #expect(dict[name] == model.first { $0.0 == name }?.1) }
            }
            #expect(dict == PlistDictionary(model))
        }
    }
}

@testable import BundleDiffKit
import Testing

/// `YAMLDocument.parse` over libyaml's events: collections, tags on them, anchors and
/// aliases, merge keys and duplicate keys as Yams 5.0.1 built them, and every refusal in
/// one line before any alias is expanded.
@Suite struct YAMLComposerTests {
    static func parse(_ text: String, limits: YAMLDocument.Limits = .configuration) throws(UserFacingError) -> Any? {
        try YAMLDocument.parse(Array(text.utf8), file: "t.yml", limits: limits)
    }

    static func map(_ text: String) throws -> [String: Any] {
        try #require(try parse(text) as? [String: Any])
    }

    static func refusal(_ text: String, limits: YAMLDocument.Limits = .configuration) -> String? {
        do { _ = try parse(text, limits: limits); return nil } catch { return error.description }
    }

    /// The nesting bound (`YAMLNestingBound`) never says less than the real depth: an entry
    /// of a flow sequence may be a single-pair mapping with no bracket of its own. The last
    /// text is one the fuzzer found (`ConfigFuzz`), measured 4 deep where it nests 5.
    @Test(arguments: ["a: [b: [c: d]]\n", "[[x: [y: z]]]\n", "- [k: {l: [m: n]}]\n",
                      "a0: &a0 [llola0: &a0 [lol, lol, li6:  , lol, 08:31111111lol, 9e%99a%]]\n"])
    func theNestingBoundCountsSinglePairMappingsInFlowSequences(_ text: String) throws {
        let bytes = Array(text.utf8)
        let bound = try #require(YAMLNestingBound.measure(bytes, limit: 200))
        let graph = try #require(try YAMLComposer.compose(bytes))
        func depth(_ index: Int) -> Int {
            let node = graph.nodes[index]
            return node.kind == .scalar ? 0 : 1 + (node.children.map(depth).max() ?? 0)
        }
        #expect(depth(graph.root) >= 4 && bound >= depth(graph.root), "bound \(bound), depth \(depth(graph.root))")
    }

    @Test func emptyDocumentsAreNil() throws {
        for text in ["", "# only a comment\n", "\n\n"] { #expect(try Self.parse(text) == nil) }
        // A document marker alone is a document holding null, as with Yams.
        #expect(try Self.parse("---\n") is YAMLNull)
    }

    @Test func collections() throws {
        let m = try Self.map("a: [1, two, {b: c}]\nd:\n  - x\n")
        let a = try #require(m["a"] as? [Any])
        #expect(a.count == 3 && a[0] as? Int == 1 && a[1] as? String == "two")
        #expect((a[2] as? [String: Any])?["b"] as? String == "c")
        #expect(m["d"] as? [Any] != nil)
        // Keys are the key scalar's text, whatever it would resolve to as a value.
        let keys = try Self.map("1: a\ntrue: b\n~: c\n0x10: d\n\"q\": e\n")
        #expect(Set(keys.keys) == ["1", "true", "~", "0x10", "q"])
    }

    @Test func tagsOnCollections() throws {
        let set = try #require(try Self.parse("!!set {a, b, ? c}\n") as? Set<AnyHashable>)
        #expect(set == ["a", "b", "c"])
        let omap = try #require(try Self.parse("!!omap [a: 1, b: 2, c]\n") as? [(Any, Any)])
        #expect(omap.count == 2 && omap[0].0 as? String == "a" && omap[1].1 as? Int == 2)
        #expect(try Self.parse("!!pairs [a: 1, {}, [x]]\n") as? [(Any, Any)] != nil)
        #expect(try Self.parse("!!seq {a: 1}\n") as? [String: Any] != nil)
        #expect(try Self.parse("!foo [1]\n") as? [Any] != nil)
        #expect(try Self.parse("!!str [a]\n") as? [Any] != nil)
        // A baseline or a setting that is a set or ordered map is not a list of strings.
        #expect(try Self.parse("!!set {a}\n") as? [Any] == nil)
    }

    @Test func anchorsAndAliases() throws {
        let m = try Self.map("a: &x 1\nb: *x\nc: &l [p, q]\nd: *l\n")
        #expect(m["b"] as? Int == 1)
        #expect((m["d"] as? [Any])?.count == 2)
        // A later anchor of the same name replaces the earlier one.
        #expect(try Self.map("a: &x 1\nb: &x 2\nc: *x\n")["c"] as? Int == 2)
        // An anchor is defined once its node ends: an alias inside it is the older one.
        let inner = try Self.map("a: &x 1\nb: &x [*x]\nc: *x\n")
        #expect((inner["c"] as? [Any])?.first as? Int == 1)
    }

    @Test func mergeKeys() throws {
        let one = try Self.map("base: &b {x: 1, y: 2}\nd:\n  <<: *b\n  y: 3\n")["d"] as? [String: Any]
        #expect(one?["x"] as? Int == 1 && one?["y"] as? Int == 3 && one?["<<"] == nil)
        // From a list of mappings the earlier wins; merges nest; a scalar merge is dropped.
        let list = try Self.map("a: &a {x: 1}\nb: &b {x: 2, z: 3}\nc: {<<: [*a, *b]}\n")["c"] as? [String: Any]
        #expect(list?["x"] as? Int == 1 && list?["z"] as? Int == 3)
        let nested = try Self.map("a: &a {x: 1}\nb: &b {<<: *a, y: 2}\nc: {<<: *b, z: 3}\n")["c"] as? [String: Any]
        #expect(nested?.count == 3)
        #expect((try Self.map("c: {<<: 1, a: 2}\n")["c"] as? [String: Any])?.keys.sorted() == ["a"])
        // A quoted "<<" is an ordinary key; `=` is one too.
        #expect((try Self.map("c: {\"<<\": 1, =: 2}\n")["c"] as? [String: Any])?.keys.sorted() == ["<<", "="])
    }

    /// A key given twice is refused (the last would win without a word); a mapping's own key
    /// still overrides what a merge key (`<<`) brings.
    @Test func duplicateKeysAreRefusedAndMergesGiveWay() throws {
        #expect(Self.refusal("fail_on: error\nfail_on: info\n")
                == "t.yml: line 2: the key 'fail_on' is given twice (first on line 1); keep one")
        let merged = try Self.map("base: &b {fail_on: error, strict: true}\nteam:\n  <<: *b\n  fail_on: info\n")
        let team = try #require(merged["team"] as? [String: Any])
        #expect(team["fail_on"] as? String == "info" && team["strict"] as? Bool == true)
    }

    @Test func billionLaughsAreRefusedBeforeExpansion() {
        var lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for i in 1..<10 { lines.append("a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]") }
        #expect(Self.refusal(lines.joined(separator: "\n")) == "t.yml: its aliases expand to more than 1048576 values")
        let chain = (1..<100).map { "a\($0): &a\($0) [*a\($0 - 1)]" }.reduce("a0: &a0 [x]") { $0 + "\n" + $1 }
        #expect(Self.refusal(chain) == "t.yml: its aliases nest more than 48 levels deep")
    }

    @Test func aKeyThatIsACollectionIsRefusedWithItsLine() {
        #expect(Self.refusal("rules:\n  ? [a]\n  : off\n")
                == "t.yml: line 2: a mapping key must be a plain value, not a list or a mapping")
        // Through an alias, the line is the anchor's.
        #expect(Self.refusal("x: &s [1]\n? *s\n: v\n")
                == "t.yml: line 1: a mapping key must be a plain value, not a list or a mapping")
    }

    @Test(arguments: ["a: [1, 2", "a: b: c", "\"unterminated", "a: *nope\n", "a: &x [*x]\n", "a: 1\n---\nb: 2\n",
                      "a: \u{07}\n", "%YAML 2.0\n---\na: 1\n"])
    func invalidYAMLIsOneLine(text: String) throws {
        let message = try #require(Self.refusal(text))
        #expect(message.hasPrefix("t.yml: not valid YAML (line "), "\(message)")
        #expect(message.hasSuffix(")") && !message.contains("\n"), "\(message)")
    }

    @Test func twoDocumentsNameTheSecond() {
        #expect(Self.refusal("a: 1\n---\nb: 2\n")
                == "t.yml: not valid YAML (line 2, column 1: expected a single document in the stream, but found another document)")
    }
}

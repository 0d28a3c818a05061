import BundleModel
import Foundation
@testable import SnapshotStore
import Testing

/// `JSONReader` reads what RFC 8259 allows and refuses the rest (and repeated keys, lone
/// surrogates, deep nesting); where it accepts, Foundation's reader reads the same values.
/// `bundlediff.json` as `SnapshotSummary` writes it reads back to the same bundles.
@Suite struct JSONReaderTests {
    func read(_ text: String) -> JSONNode? {
        if case .success(let node) = JSONReader.parse(Array(text.utf8)) { return node }
        return nil
    }

    /// Foundation's reading of `text`, as a `JSONNode` (numbers compared by value below).
    func foundation(_ text: String) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    /// Whether our node and Foundation's object hold the same values.
    func same(_ node: JSONNode, _ other: Any) -> Bool {
        switch node {
        case .null: return other is NSNull
        case .bool(let b): return (other as? Bool) == b
        case .number(let text): return (other as? NSNumber)?.doubleValue == Double(text)
        case .string(let s): return (other as? String) == s
        case .array(let items):
            guard let others = other as? [Any], others.count == items.count else { return false }
            return zip(items, others).allSatisfy { same($0, $1) }
        case .object(let members):
            guard let others = other as? [String: Any], others.count == members.count else { return false }
            return members.allSatisfy { key, value in others[key].map { same(value, $0) } ?? false }
        }
    }

    @Test(arguments: [
        "null", "true", "false", "0", "-0", "12", "-3.25", "1e5", "1E+2", "2.5e-3", "\"\"", "\"a\\\"b\"",
        "\"\\u00e9\\n\\t\\/\\\\\"", "\"\\ud83d\\ude80\"", "\"Café 🚀\"", "[]", "{}", " [1, [2, [3]], {\"a\": null}] ",
        "{\"format\": 1, \"bundles\": [{\"path\": \"A.app\", \"localizations\": [\"en\", \"fr\"]}]}",
        "\"\\u0000\"",
    ])
    func acceptsWhatFoundationReadsTheSame(text: String) throws {
        let node = try #require(read(text), "refused \(text)")
        let other = try #require(foundation(text), "Foundation refused \(text)")
        #expect(same(node, other), "\(text)")
    }

    @Test(arguments: [
        "", " ", "nul", "tru", "01", "-", "1.", ".5", "1e", "+1", "0x10", "[1,]", "[1 2]", "{\"a\"}", "{\"a\":1,}",
        "{a:1}", "{\"a\":1 \"b\":2}", "\"open", "\"\\x\"", "\"\\u12\"", "\"\\ud83d\"", "\"\\ude80\"",
        "\"\\ud83d\\u0041\"", "\"tab\there\"", "[1]]", "{} {}", "{\"a\":1,\"a\":2}", "'single'", "[NaN]", "\u{FEFF}1",
    ])
    func refusesWhatIsNotJSON(text: String) {
        #expect(read(text) == nil, "accepted \(text)")
    }

    @Test func refusesInvalidUTF8InStrings() {
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0x5C, 0x6E, 0xED, 0xA0, 0x80, 0x22]] {
            guard case .failure = JSONReader.parse(bytes) else {
                Issue.record("accepted \(bytes)")
                continue
            }
        }
    }

    @Test func nestingIsBounded() {
        let limit = JSONReader.maxDepth
        #expect(read(String(repeating: "[", count: limit) + String(repeating: "]", count: limit)) != nil)
        #expect(read(String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)) == nil)
        // Far deeper than any stack would allow unbounded: refused, not a crash.
        #expect(read(String(repeating: "{\"a\":", count: 100_000)) == nil)
    }

    @Test func refusalSaysWhere() {
        guard case .failure(let failure) = JSONReader.parse(Array("{\"a\": 1, \"a\": 2}".utf8)) else {
            Issue.record("accepted a repeated key")
            return
        }
        #expect(failure == JSONReader.Failure(reason: "a repeated key", offset: 9))
    }

    /// Objects below, at and past the size where members are found by a table instead of a
    /// scan: every key found, a repeated key refused wherever it comes, and two objects
    /// with the same members in another order equal.
    @Test(arguments: [0, 1, JSONMembers.scanLimit, JSONMembers.scanLimit + 1, 3 * JSONMembers.scanLimit])
    func objectsOfEverySizeFindTheirKeys(size: Int) throws {
        let members = (0..<size).map { "\"k\($0)\": \($0)" }
        let node = try #require(read("{" + members.joined(separator: ",") + "}"))
        for k in 0..<size { #expect(node["k\(k)"] == .number("\(k)")) }
        #expect(node["k\(size)"] == nil)
        #expect(read("{" + members.reversed().joined(separator: ",") + "}") == node)
        if size > 0 {
            #expect(read("{" + (members + ["\"k\(size - 1)\": 0"]).joined(separator: ",") + "}") == nil)
            #expect(read("{" + (members + ["\"k0\": 0"]).joined(separator: ",") + "}") == nil)
        }
        if size > 1 { #expect(read("{" + members.dropLast().joined(separator: ",") + "}") != node) }
    }

    @Test func summaryReadsBackWhatItWrote() throws {
        let app = BundleInfo(path: BundlePath("Payload/Café.app"), kind: .app, layout: .flat,
                             infoPlistPath: BundlePath("Payload/Café.app/Info.plist"),
                             resourcesPath: BundlePath("Payload/Café.app"), parentPath: nil, identifier: "com.example.app",
                             shortVersion: "1.2", version: "42", platform: "iOS", executable: "App",
                             localizations: ["en", "fr", "zh-Hans"])
        let odd = BundlePath(bytes: Array("Payload/Café.app/PlugIns/W".utf8) + [0xFF] + Array(".appex".utf8))
        let plugin = BundleInfo(path: odd, kind: .appex, layout: .flat,
                                infoPlistPath: odd.appending("Info.plist"), resourcesPath: odd,
                                parentPath: app.path, identifier: nil, shortVersion: nil, version: nil, platform: nil,
                                executable: nil, localizations: [])
        let snapshot = BuildSnapshot(sourceKind: .ipa, sourceName: "App.ipa", entries: [], plists: [:], bundles: [app, plugin])
        let text = SnapshotSummary.render(snapshot, files: 3, bytes: 99)
        let parsed = try SnapshotSummary.parse(Array(text.utf8)).get()
        #expect(parsed.source == .ipa)
        #expect(parsed.bundles == [app, plugin])
    }
}

import BundleModel
@testable import SnapshotStore
import TestSupport
import Testing

/// `SummaryDirectReader` reads a summary without a tree of JSON nodes. Whenever it answers,
/// it must answer what the tree reading (`SnapshotSummary.tree`) answers; and it must
/// answer for every summary bundlediff writes, or it saves nothing.
@Suite struct SummaryDirectReaderTests {
    /// Summaries as `SnapshotSummary.render` writes them: an app with a nested plug-in
    /// whose path is not UTF-8 (written as hex), a data container, a build without bundles.
    static func written() -> [[UInt8]] {
        let app = BundleInfo(path: BundlePath("Payload/Café.app"), kind: .app, layout: .flat,
                             infoPlistPath: BundlePath("Payload/Café.app/Info.plist"),
                             resourcesPath: BundlePath("Payload/Café.app"), parentPath: nil, identifier: "com.example.app",
                             shortVersion: "1.2", version: "42", platform: "iOS", executable: "App",
                             localizations: ["en", "fr", "zh-Hans"])
        let odd = BundlePath(bytes: Array("Payload/Café.app/PlugIns/W".utf8) + [0xFF] + Array(".appex".utf8))
        let plugin = BundleInfo(path: odd, kind: .appex, layout: .flat, infoPlistPath: odd.appending("Info.plist"),
                                resourcesPath: odd, parentPath: app.path, identifier: nil, shortVersion: nil, version: nil,
                                platform: nil, executable: nil, localizations: [])
        let entries = [FileEntry(path: BundlePath("Payload"), kind: .directory, size: 0),
                       FileEntry(path: app.path, kind: .directory, size: 0),
                       FileEntry(path: app.path.appending("App"), kind: .file, size: 70),
                       FileEntry(path: odd, kind: .directory, size: 0),
                       FileEntry(path: odd.appending("W"), kind: .file, size: 5)]
        let ipa = BuildSnapshot(sourceKind: .ipa, sourceName: "App.ipa", entries: EntryList(entries), plists: [:], bundles: [app, plugin])
        var container = BuildSnapshot(sourceKind: .container, sourceName: "Data", entries: [], plists: [:], bundles: [])
        container.container = ContainerInfo(appIdentifier: "com.example.app", layout: ContainerInfo.Layout.allCases[0])
        let empty = BuildSnapshot(sourceKind: .directory, sourceName: "x", entries: [], plists: [:], bundles: [])
        return [SnapshotSummary.render(ipa, files: 2, bytes: 75), SnapshotSummary.render(container, files: 0, bytes: 0),
                SnapshotSummary.render(empty, files: 0, bytes: 0)].map { Array($0.utf8) }
    }

    @Test func readsEverySummaryBundlediffWrites() throws {
        for text in Self.written() {
            let direct = try #require(SummaryDirectReader.read(text), "\(String(decoding: text, as: UTF8.self))")
            #expect(direct == (try SnapshotSummary.tree(text).get()))
        }
    }

    /// Thousands of mutations of written summaries (bytes changed, cut, repeated, and
    /// tokens of other types put in): wherever the direct reader answers, the tree gives
    /// the same answer. Both outcomes must occur, so the test cannot pass by refusing all.
    @Test func answersOnlyWhatTheTreeAnswers() {
        var random = SplitMix(seed: 0x5EED)
        let tokens = ["null", "1", "-0", "1.0", "\"x\"", "\"\"", "{}", "[]", "[\"a\",1]", "true", "{\"hex\":\"ff\"}",
                      "\"\\u00e9\"", "\"e\\u0301\"", "18446744073709551616", ",", ":", "\"own\":", "\"path\":\"A\",",
                      "\"format\":1,", " ", "\"container\":{\"app\":\"a\",\"layout\":\"simulator\"},"].map { Array($0.utf8) }
        var (agreed, fellBack) = (0, 0)
        for seed in Self.written() {
            // Every value, in turn, swapped for every token; then random mutations.
            var texts: [[UInt8]] = []
            for colon in seed.indices where seed[colon] == UInt8(ascii: ":") {
                guard let end = seed[(colon + 1)...].firstIndex(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "}") })
                else { continue }
                for token in tokens {
                    var text = seed
                    text.replaceSubrange((colon + 1)..<end, with: token)
                    texts.append(text)
                }
            }
            for _ in 0..<4000 {
                var text = seed
                for _ in 0...random.below(3) { Self.mutate(&text, tokens, &random) }
                texts.append(text)
            }
            for text in texts {
                if let direct = SummaryDirectReader.read(text) {
                    guard case .success(let tree) = SnapshotSummary.tree(text), tree == direct else {
                        Issue.record("the direct reader answers differently for \(String(decoding: text, as: UTF8.self))")
                        return
                    }
                    agreed += 1
                } else if case .success = SnapshotSummary.tree(text) {
                    fellBack += 1
                }
            }
        }
        #expect(agreed > 500)
        #expect(fellBack > 10)
    }

    private static func mutate(_ text: inout [UInt8], _ tokens: [[UInt8]], _ random: inout SplitMix) {
        guard !text.isEmpty else { return }
        let at = random.below(text.count)
        switch random.below(6) {
        case 0: text[at] = UInt8(truncatingIfNeeded: random.next())
        case 1: text.remove(at: at)
        case 2:
            let end = min(text.count, at + 1 + random.below(40))
            text.insert(contentsOf: text[at..<end], at: random.below(text.count))
        case 3:
            let end = min(text.count, at + 1 + random.below(12))
            text.replaceSubrange(at..<end, with: tokens[random.below(tokens.count)])
        case 4: text.insert(contentsOf: tokens[random.below(tokens.count)], at: at)
        default:
            // A value swapped for a token: from after a colon to the next comma or brace.
            guard let colon = text[at...].firstIndex(of: UInt8(ascii: ":")),
                  let end = text[(colon + 1)...].firstIndex(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "}") })
            else { return }
            text.replaceSubrange((colon + 1)..<end, with: tokens[random.below(tokens.count)])
        }
    }
}

import Foundation
import Testing
import TestSupport

/// Precision of the parity rules on real localizations: what is left at warning is a gap
/// users see; regional overrides, stale keys and Base interface tables are info at most.
@Suite(Corpus.trait) struct CorpusParityTests {
    /// The parity findings (`l10n.*` but the format and table-parsing rules) of `diff old new`
    /// at warning or above: (rule, message).
    static func warnings(_ old: String, _ new: String) throws -> [(String, String)] {
        let r = CLIHarness.run(["diff", old, new, "--format", "json"])
        #expect(r.status != 2, "\(r.err)")
        let report = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
        let findings = report?["findings"] as? [[String: Any]] ?? []
        return findings.compactMap { f in
            guard let rule = f["ruleId"] as? String, rule.hasPrefix("l10n."),
                  !["l10n.format-specifiers", "l10n.format-argument-missing", "l10n.unreadable-table"].contains(rule),
                  f["severity"] as? String != "info", let message = f["message"] as? String else { return nil }
            return (rule, message)
        }
    }

    @Test func openEmuRegionalOverridesAreNoGaps() throws {
        let scratch = try ScratchDirectory("parity-openemu")
        let old = try CorpusComparisonTests.wrappedLocalizations("OpenEmu-OpenEmu/v2.3.3/OpenEmu", id: "org.openemu.OpenEmu", in: scratch)
        let new = try CorpusComparisonTests.wrappedLocalizations("OpenEmu-OpenEmu/v2.4.1/OpenEmu", id: "org.openemu.OpenEmu", in: scratch)
        let w = try Self.warnings(old, new)
        #expect(!w.contains { $0.1.contains("en-GB.lproj") || $0.1.contains("fr-CA.lproj") }, "\(w)")
        #expect(!w.contains { $0.1.contains("has 1 key(s) en does not ('Show')") }, "a stale key is info")
        #expect(w.contains { $0.0 == "l10n.string-keys" && $0.1.hasPrefix("ar.lproj/Localizable.strings lacks 12 key(s) of en") })
        #expect(w.count == 14, "\(w)")
    }

    @Test func storyboardTablesAndBaseOnlyFilesOfDuckDuckGo() throws {
        let scratch = try ScratchDirectory("parity-ddg")
        let old = try CorpusComparisonTests.wrappedLocalizations("duckduckgo-iOS/7.69.2/DuckDuckGo", id: "com.duckduckgo.mobile.ios", in: scratch)
        let new = try CorpusComparisonTests.wrappedLocalizations("duckduckgo-iOS/7.157.0-5/DuckDuckGo", id: "com.duckduckgo.mobile.ios", in: scratch)
        let w = try Self.warnings(old, new)
        #expect(!w.contains { $0.0 == "l10n.missing-file" }, "en relies on the Base storyboards: \(w.filter { $0.0 == "l10n.missing-file" })")
        #expect(!w.contains { $0.1.contains(" does not (") }, "keys English dropped are info")
        // 17 keys of en's Localizable.strings are not in de's; 9 of them are entries of de's
        // Localizable.stringsdict (the table's other half, read with it): 8 are missing.
        #expect(w.contains { $0.1.hasPrefix("de.lproj/Localizable.strings lacks 8 key(s) of en") })
    }

    @Test func monitorControlKeysEnglishLacksAreInfo() throws {
        let scratch = try ScratchDirectory("parity-monitorcontrol")
        let old = try CorpusComparisonTests.wrappedLocalizations("MonitorControl-MonitorControl/v4.2.0/MonitorControl/UI",
                                                                 id: "app.monitorcontrol.MonitorControl", in: scratch)
        let new = try CorpusComparisonTests.wrappedLocalizations("MonitorControl-MonitorControl/v4.3.3/MonitorControl/UI",
                                                                 id: "app.monitorcontrol.MonitorControl", in: scratch)
        #expect(try Self.warnings(old, new).isEmpty)
    }

    @Test func sparkleElementIdsTheXibLacksAreInfo() throws {
        let scratch = try ScratchDirectory("parity-sparkle")
        let old = try CorpusComparisonTests.sparkleLocalizations("2.3.0_2a98381dfe", in: scratch)
        let new = try CorpusComparisonTests.sparkleLocalizations("2.6.4_0ef1ee0220", in: scratch)
        let w = try Self.warnings(old, new)
        #expect(!w.contains { $0.1.contains("'179.title'") }, "\(w.filter { $0.1.contains("179") })")
        #expect(w.contains { $0.1.hasPrefix("ar.lproj/Sparkle.strings lacks 32 key(s) of Base") })
        #expect(w.contains { $0.0 == "l10n.missing-file" && $0.1.hasPrefix("SUUpdateAlert.strings") && $0.1.contains("fa.lproj") })
    }
}

import BundleModel
import Comparison
import Foundation
import PropertyLists
@testable import Reporters
import Rules
import Testing
import TestSupport

/// The text report keeps to 200 lines whatever the comparison, says what it left out and
/// how to see it; `--details` shows every key change.
@Suite struct TextReportBudgetTests {
    static let app = "com.example.huge"
    static let longID = "com.example.a-bundle-identifier-far-longer-than-any-column-should-hold"

    static func bundle(_ path: String, id: String, version: String, parent: String? = nil) -> BundleInfo {
        BundleInfo(path: BundlePath(path), kind: path.hasSuffix(".app") ? .app : .framework, layout: .flat,
                   infoPlistPath: BundlePath(path + "/Info.plist"), resourcesPath: BundlePath(path),
                   parentPath: parent.map(BundlePath.init), identifier: id, shortVersion: "1.0", version: version,
                   localizations: ["de", "en"])
    }

    /// 50,000 changed keys (two tables in 25 languages, 1,000 keys each), 2,000 added files,
    /// 500 nested bundles (half of them re-signed), 3,000 findings of one rule and a few of others,
    /// 30 moves.
    static func hugeReport() -> DiffReport {
        let root = "Huge.app"
        var oldBundles = [bundle(root, id: app, version: "1")]
        var newBundles = [bundle(root, id: app, version: "2")]
        var plists: [PlistFileChange] = []
        for language in 0..<25 {
            for table in ["Localizable", "Settings"] {
                let path = BundlePath("\(root)/l\(language).lproj/\(table).strings")
                let keys = (0..<1000).map { k in
                    PlistKeyChange(keyPath: ["key\(k)"], kind: .changed, oldValue: .string("old \(k)"),
                                   newValue: .string("new \(k)"))
                }
                plists.append(PlistFileChange(oldPath: path, path: path, keyChanges: keys))
            }
        }
        let added = (0..<2000).map { FileEntry(path: BundlePath("\(root)/data/file\($0).bin"), kind: .file, size: 10) }
        var comparisons = [BundleComparison(status: .matched, old: oldBundles[0], new: newBundles[0], name: app,
                                            files: FileChanges(added: added), plistChanges: plists)]
        for i in 0..<500 {
            let path = "\(root)/Frameworks/F\(i).framework"
            let id = i == 0 ? longID : "com.example.f\(i)"
            let old = bundle(path, id: id, version: "1", parent: root)
            let new = bundle(path, id: id, version: "1", parent: root)
            oldBundles.append(old)
            newBundles.append(new)
            let binary = BundlePath(path + "/F\(i)")
            let change = FileModification(old: FileEntry(path: binary, kind: .file, size: 5),
                                          new: FileEntry(path: binary, kind: .file, size: 5))
            let noise = i.isMultiple(of: 2) ? [SignatureNoise(kind: .resigned, path: binary, change: change)] : []
            comparisons.append(BundleComparison(status: .matched, old: old, new: new, name: id, signatureNoise: noise))
        }
        let moves = (0..<30).map { i in
            ResourceMove(kind: .exact, from: BundlePath("\(root)/m\(i).png"), to: [BundlePath("\(root)/Moved/m\(i).png")],
                         fromBundle: app, toBundle: app)
        }
        let snapshot = { (bundles: [BundleInfo]) in
            BuildSnapshot(sourceKind: .directory, sourceName: "Huge.app", entries: [], plists: [:], bundles: bundles)
        }
        let comparison = BuildComparison(old: snapshot(oldBundles), new: snapshot(newBundles), bundles: comparisons,
                                         moves: moves)
        var findings = (0..<3000).map { i in
            Finding(ruleID: .stringKeysDiffer, severity: .warning, bundle: app,
                    message: "l\(i).lproj/Localizable.strings lacks 1 key(s) of en", isNew: true, subject: "\(i)")
        }
        findings.append(Finding(ruleID: .nestedVersionMismatch, severity: .warning, bundle: longID,
                                message: "CFBundleVersion 1 differs from the app's 2", subject: "long"))
        findings.append(Finding(ruleID: .buildNotIncreased, severity: .error, bundle: app,
                                message: "CFBundleVersion 2 is not above 2", subject: "build"))
        return DiffReport(oldSide: .init(reference: "old"), newSide: .init(reference: "new"), comparison: comparison,
                          findings: findings, failOn: .error, onlyNew: false, toolVersion: "0.1.0",
                          date: "2026-11-15T09:00:00Z")
    }

    static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    }

    /// The count `N` of every line of `text` that reads `… and N more <noun> not shown…`.
    static func leftOut(_ line: Substring) -> Int? {
        guard let rest = line.split(separator: "… and ", maxSplits: 1).last, line.contains("… and "),
              let number = rest.split(separator: " ").first else { return nil }
        return Int(number.replacingOccurrences(of: ",", with: ""))
    }

    @Test func aHugeComparisonKeepsTo200LinesAndSaysWhatItLeftOut() throws {
        let report = Self.hugeReport()
        // Wide enough that no line wraps; `wrappedToANarrowTerminal…` checks the wrapped lines.
        let text = TextReporter.render(report, TextOptions(width: 200))
        let lines = Self.lines(text)
        #expect(lines.count <= 200, "\(lines.count) lines")
        #expect(text.hasPrefix("bundlediff 0.1.0: com.example.huge 1.0 (1) → 1.0 (2)\n"))
        #expect(lines.contains("FAIL (1 failing): 1 error, 3001 warning, 0 info (fail on error)"))
        // Findings: grouped per rule with counts, the first 10 of the big rule.
        #expect(lines.contains("    l10n.string-keys (3000)"), "\(text)")
        #expect(lines.contains("      … and 2,990 more not shown: use --details"), "\(text)")
        #expect(lines.count { $0.contains("lacks 1 key(s) of en") } == 10)
        #expect(lines.contains("    version.build-not-increased (1)"))
        // A long bundle id is cut to its column: the message starts where the others do.
        let long = try #require(lines.first { $0.contains("CFBundleVersion 1 differs") })
        let short = try #require(lines.first { $0.contains("lacks 1 key(s) of en") })
        #expect(long.contains("…  CFBundleVersion 1 differs"), "\(long)")
        #expect(long.firstRange(of: "CFBundleVersion")?.lowerBound.utf16Offset(in: long)
                == short.firstRange(of: "l0.lproj")?.lowerBound.utf16Offset(in: short), "\(long)\n\(short)")
        // Bundles: the app first, each with its path, and how many rows were left out.
        #expect(lines.contains { $0.hasPrefix("  com.example.huge ") && $0.hasSuffix("  Huge.app") })
        #expect(lines.contains { $0.hasSuffix("  Huge.app/Frameworks/F2.framework") })
        let bundlesStart = try #require(lines.firstIndex(of: "BUNDLES"))
        let bundlesEnd = try #require(lines[bundlesStart...].firstIndex(of: ""))
        let rows = lines[(bundlesStart + 2)..<bundlesEnd].filter { !$0.hasPrefix("    ") && !$0.hasPrefix("  …") }
        let bundleNote = try #require(lines[bundlesStart..<bundlesEnd].last)
        #expect(bundleNote.hasSuffix("more not shown (250 unchanged): use --details"), "\(bundleNote)")
        #expect(rows.count + (Self.leftOut(bundleNote) ?? 0) == 501, "\(rows.count) rows, \(bundleNote)")
        // Changes: files capped, key changes counted per table, bundles left out counted.
        #expect(lines.contains("== com.example.huge (Huge.app)"))
        #expect(lines.contains("  … and 1,990 more files not shown: use --details"))
        #expect(lines.contains("  plist *.lproj/Localizable.strings in 25 languages: 25,000 changed"))
        #expect(lines.contains("  plist *.lproj/Settings.strings in 25 languages: 25,000 changed"))
        #expect(!lines.contains { $0.hasPrefix("      ~ key") }, "no key change is listed")
        let blocks = lines.count { $0.hasPrefix("== ") }
        let blockNote = try #require(lines.first { $0.contains("more bundles with changes not shown: use --details") })
        #expect(blocks + (Self.leftOut(blockNote) ?? 0) == 251, "\(blocks) blocks, \(blockNote)")
        // Moves: the first 10.
        #expect(lines.contains("  … and 20 more not shown: use --details"))
        #expect(lines.last.map(String.init) == "Key changes are counted per property list, not listed: "
                + "--details lists every one (--format json and html carry them too).")
    }

    /// Wrapped, the report still keeps to 200 lines: the lines are counted after wrapping.
    @Test(arguments: [80, 40]) func wrappedToANarrowTerminalItKeepsTo200Lines(_ width: Int) {
        let text = TextReporter.render(Self.hugeReport(), TextOptions(width: width))
        let lines = Self.lines(text)
        #expect(lines.count <= 200, "\(lines.count) lines")
        #expect(lines.count >= 150, "the budget is used, not thrown away: \(lines.count) lines")
        let wide = lines.filter { $0.count > width }
        #expect(wide.isEmpty, "no line is wider, the bundles table's rows as blocks: \(wide)")
        #expect(lines.contains { $0.hasPrefix("  com.example.huge  matched  1.0 (1)") })
        #expect(lines.contains("    l10n.string-keys (3000)"))
        #expect(lines.contains { $0.hasPrefix("      … and 2,99") && $0.contains("more not shown") })
        #expect(lines.last?.hasPrefix("  ") == true, "the closing note wraps under itself")
    }

    /// 50 findings of one rule fit the findings' lines unwrapped, not wrapped to 80 columns:
    /// then the first 10, as for any rule that does not fit, and how many were left out.
    @Test func findingsThatFitOnlyUnwrappedShowTheFirstTen() {
        var report = Self.hugeReport()
        report.findings = (0..<50).map { i in
            Finding(ruleID: .stringKeysDiffer, severity: .warning, bundle: Self.app,
                    message: "l\(i).lproj/Localizable.strings lacks 1 key(s) of en ('onboarding.welcome.title'): "
                        + "l\(i) users see the en text there; translate them", isNew: true, subject: "\(i)")
        }
        let wide = Self.lines(TextReporter.render(report, TextOptions(width: 300)))
        #expect(wide.count { $0.contains(".lproj/Localizable.strings lacks 1") } == 50)
        let narrow = Self.lines(TextReporter.render(report, TextOptions(width: 80)))
        #expect(narrow.count { $0.contains(".lproj/Localizable.strings lacks 1") } == 10)
        #expect(narrow.contains("      … and 40 more not shown: use --details"))
    }

    @Test func detailsListEverything() {
        let text = TextReporter.render(Self.hugeReport(), details: true)
        let lines = Self.lines(text)
        #expect(lines.count { $0.hasPrefix("      ~ key") } == 50_000, "every key change")
        #expect(lines.count { $0.contains("lacks 1 key(s) of en") } == 3000, "every finding")
        #expect(lines.count { $0.hasPrefix("  + data/file") } == 2000, "every file")
        #expect(lines.count { $0.hasPrefix("== ") } == 251, "every changed bundle")
        #expect(lines.count { $0.contains(".png → Huge.app/Moved/") } == 30, "every move")
        #expect(lines.contains("  plist l7.lproj/Settings.strings: 1,000 changed"))
        #expect(!text.contains("not shown"))
    }

    @Test func theGateKeepsTo200LinesToo() {
        var report = Self.hugeReport()
        report.kind = .gate
        let lines = Self.lines(GateReporter.render(report))
        #expect(lines.count <= 200, "\(lines.count) lines")
        #expect(lines.contains("… and 2,990 more l10n.string-keys findings not shown: use --details"))
        #expect(lines.last?.hasPrefix("FAIL (1 failing)") == true)
        let all = Self.lines(GateReporter.render(report, details: true))
        #expect(all.count == 3002 + 2, "baseline, every finding, verdict")
    }

    @Test func detailsFlagShowsEveryKeyChange() throws {
        let scratch = try ScratchDirectory("details")
        let (old, new) = try ReportFixtures.thousands(300, in: scratch)
        let short = CLIHarness.run(["diff", old, new])
        #expect(short.err.isEmpty, "\(short.err)")
        #expect(Self.lines(short.out).count <= 200)
        #expect(short.out.contains("  plist Info.plist: 301 changed\n"), "\(short.out)")
        #expect(!short.out.contains("~ Key12:"))
        let full = CLIHarness.run(["diff", old, new, "--details"])
        #expect(full.err.isEmpty, "\(full.err)")
        for i in 0..<300 { #expect(full.out.contains("      ~ Key\(i): \"old \(i)\" → \"new \(i)\"\n")) }
        #expect(full.out.contains("      ~ CFBundleVersion: \"1\" → \"2\"\n"))
        #expect(!full.out.contains("not shown"))
        let json = ["diff", old, new, "--format", "json", "--report-date", GoldenReportTests.date]
        #expect(CLIHarness.run(json + ["--details"]).out == CLIHarness.run(json).out,
                "--details changes only the text report")
    }
}

import BundleModel
import Comparison
@testable import Reporters
import Testing

/// Past the cap, the text report lists one row per file across its language folders; the
/// folder is found by bytes for ASCII paths and by characters for others, with one answer.
@Suite struct TextFileGroupTests {
    static func report(_ names: [String]) -> String {
        let app = BundleInfo(path: BundlePath("A.app"), kind: .app, layout: .flat,
                             infoPlistPath: BundlePath("A.app/Info.plist"), resourcesPath: BundlePath("A.app"),
                             identifier: "com.example.a", shortVersion: "1.0", version: "1")
        let added = names.map { FileEntry(path: BundlePath("A.app/" + $0), kind: .file, size: 1_234_567) }
        let snapshot = BuildSnapshot(sourceKind: .directory, sourceName: "A.app", entries: [], plists: [:], bundles: [app])
        let comparison = BuildComparison(old: snapshot, new: snapshot, bundles: [
            BundleComparison(status: .matched, old: app, new: app, name: "com.example.a", files: FileChanges(added: added)),
        ], moves: [])
        let report = DiffReport(oldSide: .init(reference: "old"), newSide: .init(reference: "new"), comparison: comparison,
                                findings: [], failOn: .error, onlyNew: false, toolVersion: "0.1.0",
                                date: "2026-11-28T00:00:00Z")
        return TextReporter.render(report, TextOptions(width: 200))
    }

    @Test func asciiAndOtherPathsGroupAlike() {
        let names = (0..<100).flatMap { i in
            ["l\(i).lproj/Home.strings", "l\(i).lproj/Ünïcode.strings", ".lproj/x\(i).png"]
        }
        let lines = Self.report(names).split(separator: "\n").map(String.init)
        #expect(lines.contains("  + *.lproj/Home.strings in 100 languages (123.5 MB)"), "\(lines)")
        #expect(lines.contains("  + *.lproj/Ünïcode.strings in 100 languages (123.5 MB)"), "\(lines)")
        // A folder named `.lproj` ends with `.lproj` too, but each of its files is a group of
        // one, which keeps its own name.
        #expect(lines.contains("  + .lproj/x0.png (1.2 MB)"), "\(lines)")
    }

    @Test func aSlashCarryingACombiningMarkIsNoSeparator() {
        // `/` + U+0301 is one character: split by characters, there is no folder to group by.
        // 300 files: more than the report's room, so it groups what it can.
        let names = (0..<100).flatMap { i in ["a", "b", "c"].map { "l\(i).lproj/\u{301}\($0).strings" } }
        let lines = Self.report(names).split(separator: "\n").map(String.init)
        #expect(lines.contains("  + l0.lproj/\u{301}a.strings (1.2 MB)"), "\(lines)")
        #expect(!lines.contains { $0.contains("languages") }, "\(lines)")
    }
}

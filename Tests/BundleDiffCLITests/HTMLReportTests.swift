import Foundation
import Testing
import TestSupport

/// The HTML report with hostile names (markup, quotes, line breaks, direction overrides in
/// file names, string keys, plist values and bundle ids): nothing escapes into markup, the
/// page matches its golden file byte for byte, and long tables are capped.
@Suite struct HTMLReportTests {
    static let script = "<script>alert(1)</script>"
    static let golden = "\(CLIHarness.root)/Tests/Goldens/hostile-names.html"

    /// Two builds whose second one adds hostile names everywhere a report shows a name.
    static func hostileBuilds(in scratch: ScratchDirectory) throws -> (old: String, new: String) {
        var old = FixtureBuilder.iOSApp(languages: ["en", "fr"], nested: false)
        old.updateInfo("MyApp.app") { $0["CFBundleIdentifier"] = "com.example.\"app\"'<b>" }
        old.setFile("MyApp.app/embedded.mobileprovision", FixtureBuilder.mobileProvision(
            plist: FixtureBuilder.provisioningPlist(identifier: "com.example.\"app\"'<b>")))
        old.setFile("MyApp.app/world-map.png", FixtureBuilder.bytes(700, seed: 9))
        var new = old
        new.updateInfo("MyApp.app") {
            $0["CFBundleVersion"] = "2"
            $0["Hostile"] = "<img src=x onerror=alert(3)> \"q\" 'a' \u{202E}txt.exe"
        }
        new.setFile("MyApp.app/\(script).png", FixtureBuilder.bytes(100, seed: 10))
        new.setFile("MyApp.app/\"quoted\" & 'single'.txt", "q")
        new.setFile("MyApp.app/line\nbreak.txt", "n")
        new.setFile("MyApp.app/invoice\u{202E}gnp.exe", "r")
        new.remove("MyApp.app/world-map.png")
        new.setFile("MyApp.app/Maps \u{2067}<i>/world-map.png", FixtureBuilder.bytes(700, seed: 9))
        new.setStrings("MyApp.app/en.lproj/Localizable.strings", [
            "greeting": "Hello [en]", "farewell": "Bye [en]", script: "x", "two\nlines": "y", "rlo\u{202E}key": "z",
        ])
        let oldPath = try old.writeDirectory(in: scratch.path, named: "old")
        let newPath = try new.writeDirectory(in: scratch.path, named: "new")
        return (oldPath + "/MyApp.app", newPath + "/MyApp.app")
    }

    static func render(_ arguments: [String], scratch: ScratchDirectory) -> CLIResult {
        var r = CLIHarness.run(arguments + ["--format", "html", "--report-date", "2026-11-08T10:00:00Z"])
        r.out = r.out.replacingOccurrences(of: scratch.path, with: "SCRATCH")
        return r
    }

    @Test func hostileNamesNeverBecomeMarkup() throws {
        let scratch = try ScratchDirectory("html-hostile")
        let (old, new) = try Self.hostileBuilds(in: scratch)
        let r = Self.render(["diff", old, new], scratch: scratch)
        #expect(r.status == 1 && r.err.isEmpty, "the one error: the hostile bundle id is no valid identifier: \(r.err)")
        #expect(r.out.contains("info-plist.bundle-identifier-charset"), "its finding, with the id escaped below")
        let html = r.out
        #expect(html.components(separatedBy: "<script").count == 2, "only the page's own script element")
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<img src=x"))
        #expect(!html.contains("<b>") && !html.contains("<i>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/<wbr>script&gt;.png"), "the file name, escaped")
        #expect(html.contains("&lt;img src=x onerror=alert(3)&gt;"), "the plist value, escaped")
        #expect(html.contains("com.example.&quot;app&quot;&#39;&lt;b&gt;"), "the bundle id, escaped")
        #expect(html.contains("line<span class=\"esc\">\\n</span>break.txt"), "a line break in a path, shown")
        #expect(html.contains("two<span class=\"esc\">\\n</span>lines"), "a line break in a key, shown as \\n")
        #expect(html.contains("invoice<span class=\"esc\">\\u{202e}</span>gnp.exe"), "the override shown, not applied")
        let hidden = html.unicodeScalars.filter {
            (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) || $0.value == 0x200E
                || $0.value == 0x200F
        }
        #expect(hidden.isEmpty, "no raw direction control reaches the page")
        #expect(html.contains("▲ 3 new"), "the three hostile keys are new gaps in fr")

        if GoldenReportTests.update {
            try Data(html.utf8).write(to: URL(fileURLWithPath: Self.golden))
            return
        }
        let golden = FileManager.default.contents(atPath: Self.golden).map { Array($0) } ?? []
        let same = golden == Array(html.utf8)
        #expect(same, Comment(rawValue: "Tests/Goldens/hostile-names.html differs "
            + GoldenReportTests.firstDifference(golden, html) + "; rerun with BUNDLEDIFF_UPDATE_GOLDEN=1 if intended"))
    }

    /// On a phone the matrix shows its first columns: the languages with gaps come first
    /// (new gaps before old), not in alphabetical order past the screen's edge; the title
    /// breaks between the parts of the app's name, never inside one.
    @Test func failingLanguagesComeFirstAndTheTitleBreaksAtDots() {
        let demo = "\(CLIHarness.root)/Demo/builds"
        let r = CLIHarness.run(["diff", demo + "/1/Wanderlust.app", demo + "/2/Wanderlust.app", "--format", "html",
                                "--report-date", "2026-11-08T10:00:00Z"])
        #expect(r.status == 1, "the demo's build 2 fails the gate: \(r.err)")
        #expect(r.out.contains("<th scope=\"col\">Reference</th><th scope=\"col\">fr</th><th scope=\"col\">ko</th>"
                               + "<th scope=\"col\">ja</th><th scope=\"col\">de</th><th scope=\"col\">en</th>"))
        #expect(r.out.contains("<h1>com.<wbr>example.<wbr>wanderlust <span class=\"versions\">"))
    }

    @Test func sameComparisonSamePageAndTheDateIsAnInput() throws {
        let scratch = try ScratchDirectory("html-stable")
        let (old, new) = try Self.hostileBuilds(in: scratch)
        let first = Self.render(["diff", old, new], scratch: scratch).out
        let second = Self.render(["diff", old, new], scratch: scratch).out
        #expect(Array(first.utf8) == Array(second.utf8))
        let later = CLIHarness.run(["diff", old, new, "--format", "html", "--report-date", "2027-01-02T03:04:05Z"]).out
            .replacingOccurrences(of: scratch.path, with: "SCRATCH")
        #expect(later.contains("2027-01-02T03:04:05Z") && !later.contains("2026-11-08T10:00:00Z"))
        #expect(later.replacingOccurrences(of: "2027-01-02T03:04:05Z", with: "2026-11-08T10:00:00Z") == first)
    }

    @Test func gatePageWithoutFindingsHasNoFilters() throws {
        let scratch = try ScratchDirectory("html-gate")
        let (old, new) = try Self.hostileBuilds(in: scratch)
        let r = Self.render(["gate", new, "--against", old], scratch: scratch)
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("bundlediff · Version gate") && r.out.contains("<dt>Baseline</dt>"))
        #expect(r.out.contains("PASS: no finding fails the gate") && r.out.contains("No findings: every rule passed."))
        #expect(!r.out.contains("id=\"finding-filters\""))
    }

    @Test func longTablesAreCapped() throws {
        let scratch = try ScratchDirectory("html-cap")
        let old = FixtureBuilder.iOSApp(languages: ["en"], nested: false)
        var new = old
        for i in 0..<620 { new.setFile("MyApp.app/Bulk/file-\(1000 + i).dat", "content \(i)") }
        let oldPath = try old.writeDirectory(in: scratch.path, named: "old") + "/MyApp.app"
        let newPath = try new.writeDirectory(in: scratch.path, named: "new") + "/MyApp.app"
        let html = Self.render(["diff", oldPath, newPath], scratch: scratch).out
        #expect(html.components(separatedBy: "<td class=\"kind-added\">").count - 1 == 500)
        #expect(html.contains("<td colspan=\"5\">120 more not shown</td>"))
        #expect(html.contains("Bulk/<wbr>file-1499.dat") && !html.contains("Bulk/<wbr>file-1500.dat"))
    }
}

import Foundation
import Testing
import TestSupport

/// A changed or added Mach-O file carries its facts in every report: what changed of its
/// architectures, minimum OS and SDK (text, Markdown, HTML), its facts in the JSON.
@Suite struct BinaryFactsReportTests {
    /// One slice: `platform` 2 is iOS, 7 the iOS simulator; versions packed 16.8.8.
    static func image(cpu: Int32 = 0x0100_000C, platform: UInt32 = 2, minos: UInt32, sdk: UInt32) -> MachOWriter {
        var w = MachOWriter()
        w.cpuType = cpu
        w.cpuSubtype = cpu == 0x0100_0007 ? 3 : 0
        w.commands = [.segment("__TEXT", vmSize: 0x4000, fileSize: 0x4000),
                      .buildVersion(platform: platform, minos: minos, sdk: sdk),
                      .dylib(cmd: 0xC, path: "/usr/lib/libSystem.B.dylib")]
        return w
    }

    /// Old: MyApp for arm64 (iOS 15, SDK 17) and x86_64 (simulator). New: arm64 only, iOS 16,
    /// SDK 18; Frameworks/libKit.dylib added; a resource changed (no facts).
    static func builds(in scratch: ScratchDirectory) throws -> (old: String, new: String) {
        var old = FixtureBuilder.iOSApp(nested: false)
        old.setFile("MyApp.app/MyApp", MachOWriter.universal([
            image(minos: 0x000F_0000, sdk: 0x0011_0000),
            image(cpu: 0x0100_0007, platform: 7, minos: 0x000F_0000, sdk: 0x0011_0000)]), executable: true)
        var new = old
        new.setFile("MyApp.app/MyApp", image(minos: 0x0010_0000, sdk: 0x0012_0000).bytes(), executable: true)
        new.setFile("MyApp.app/Frameworks/libKit.dylib", image(minos: 0x000F_0000, sdk: 0x0012_0000).bytes())
        new.setFile("MyApp.app/Assets.car", FixtureBuilder.bytes(2100, seed: 9))
        return (try old.writeDirectory(in: scratch.path, named: "old") + "/MyApp.app",
                try new.writeDirectory(in: scratch.path, named: "new") + "/MyApp.app")
    }

    static let changed = "arm64, x86_64 → arm64; minimum iOS 15.0 → 16.0, iOSSimulator 15.0 → —; "
        + "SDK iOS 17.0 → 18.0, iOSSimulator 17.0 → —"
    static let added = "arm64; minimum iOS 15.0"

    static func report(_ format: String, in scratch: ScratchDirectory) throws -> String {
        let (old, new) = try builds(in: scratch)
        let r = CLIHarness.run(["diff", old, new, "--format", format, "--report-date", JSONReportTests.date],
                               environment: ["COLUMNS": "300"])
        #expect(r.err.isEmpty, "\(r.err)")
        return r.out
    }

    @Test func textShowsWhatChangedOfABinaryAndAnAddedBinarysFacts() throws {
        let text = try Self.report("text", in: try ScratchDirectory("facts"))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("  ~ MyApp: ") && $0.hasSuffix("; " + Self.changed) }, "\(text)")
        #expect(lines.contains { $0.hasPrefix("  + Frameworks/libKit.dylib (") && $0.hasSuffix("; \(Self.added))") }, "\(text)")
        let asset = try #require(lines.first { $0.hasPrefix("  ~ Assets.car: ") })
        #expect(!asset.contains(";"), "a file without facts keeps its size line: \(asset)")
    }

    @Test func markdownAndHTMLShowTheFactsEscaped() throws {
        let scratch = try ScratchDirectory("facts")
        let markdown = try Self.report("markdown", in: scratch)
        #expect(markdown.contains("; " + Self.changed.replacingOccurrences(of: "_", with: "\\_") + " |"), "\(markdown)")
        #expect(markdown.contains("; " + Self.added + " |"), "\(markdown)")
        let html = try Self.report("html", in: try ScratchDirectory("facts"))
        #expect(html.contains("</code> <span class=\"muted\">\(Self.changed)</span></td>"), "\(html)")
        #expect(html.contains("</code> <span class=\"muted\">\(Self.added)</span></td>"))
    }

    @Test func jsonCarriesEachSidesFactsAndMatchesTheSchema() throws {
        let text = try Self.report("json", in: try ScratchDirectory("facts"))
        #expect(try JSONReportTests.problems(text) == nil)
        let doc = try JSONTree.parse(text)
        let app = try #require(doc["bundles"]?.arrayValue?.first { $0["name"] == .string("com.example.myapp") })
        let modified = try #require(app["files"]?["modified"]?.arrayValue?.first { $0["path"] == .string("MyApp.app/MyApp") })
        #expect(modified["old"]?["machO"]?["architectures"] == .array([.string("arm64"), .string("x86_64")]))
        #expect(modified["new"]?["machO"]?["platforms"]?[0]?["minimumOS"] == .string("16.0"))
        #expect(modified["new"]?["machO"]?["platforms"]?[0]?["sdk"] == .string("18.0"))
        let added = try #require(app["files"]?["added"]?.arrayValue?.first {
            $0["path"] == .string("MyApp.app/Frameworks/libKit.dylib")
        })
        #expect(added["machO"]?["platforms"]?[0]?["platform"] == .string("iOS"))
        let asset = try #require(app["files"]?["modified"]?.arrayValue?.first { $0["path"] == .string("MyApp.app/Assets.car") })
        #expect(asset["new"]?["machO"] == nil, "no facts, no property")
    }
}

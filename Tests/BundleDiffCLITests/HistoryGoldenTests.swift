import Foundation
import Testing
import TestSupport

/// Every history query in every format is compared byte for byte with the files in
/// Tests/Goldens/history/, including a history whose names, labels and values are hostile
/// (markup, quotes, commas, newlines, right-to-left marks, formula prefixes).
/// Set BUNDLEDIFF_UPDATE_GOLDEN=1 to rewrite them after an intended change.
@Suite struct HistoryGoldenTests {
    static let directory = "\(CLIHarness.root)/Tests/Goldens/history"

    static let queries: [(name: String, arguments: [String])] = [
        ("builds", ["builds"]),
        ("key-camera", ["key", "NSCameraUsageDescription"]),
        ("path-assets", ["path", "MyApp.app/Assets.car"]),
        ("size", ["size"]),
        ("languages", ["languages"]),
    ]

    @Test func queriesMatchGoldenFiles() throws {
        let h = try HistoryFixture()
        for (name, arguments) in Self.queries {
            for format in ["text", "json", "csv", "html"] {
                let r = h.history(arguments + ["--format", format])
                #expect(r.status == 0, "\(r.err)")
                try Self.compare(r.out, with: "\(name).\(format == "text" ? "txt" : format)")
            }
        }
    }

    @Test func hostileNamesAreEscaped() throws {
        let h = try HostileHistory()
        for (name, arguments) in [("builds", ["builds"]), ("key", ["key", "NSCameraUsageDescription"]),
                                  ("path", ["path", HostileHistory.file])] {
            for format in ["csv", "html", "text"] {
                let r = CLIHarness.run(["history"] + arguments + ["--repo", h.repo, "--format", format])
                #expect(r.status == 0, "\(r.err)")
                try Self.compare(r.out, with: "hostile-\(name).\(format == "text" ? "txt" : format)")
                if format == "html" {
                    #expect(!r.out.contains("<script>") && !r.out.contains("<img"), "markup from a name reached the page")
                    #expect(!r.out.contains("\u{202E}") && !r.out.contains("\u{200F}"), "a bidi mark reached the page")
                }
                if format == "csv" {
                    #expect(!r.out.contains(",=") && !r.out.contains(",\"=") && !r.out.contains(",-"),
                            "a cell starts a formula")
                }
            }
        }
    }

    /// The fixture's Info.plist bytes (and so its commit ids) vary between runs (the
    /// plist writer follows dictionary order), and the commits name the tool version: each
    /// commit id becomes `c` and its 9-digit ordinal, the same width, before comparing.
    static func normalised(_ text: String) -> String {
        var out = text
        var seen: [String] = []
        let hex = Set("0123456789abcdef")
        var token = ""
        for c in text + " " {
            if c.isLetter || c.isNumber { token.append(c); continue }
            if token.count == 10, token.allSatisfy(hex.contains), !seen.contains(token) { seen.append(token) }
            token = ""
        }
        for (n, id) in seen.enumerated() { out = out.replacingOccurrences(of: id, with: String(format: "c%09d", n + 1)) }
        return out
    }

    static func compare(_ raw: String, with name: String) throws {
        let text = normalised(raw)
        let path = "\(directory)/\(name)"
        if GoldenReportTests.update {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return
        }
        let golden = FileManager.default.contents(atPath: path).map { Array($0) } ?? []
        let why = "Tests/Goldens/history/\(name) differs from the output \(GoldenReportTests.firstDifference(golden, text)); "
            + "rerun with BUNDLEDIFF_UPDATE_GOLDEN=1 if intended"
        let same = golden == Array(text.utf8)  // bytes; a failure prints the first differing line, not the arrays
        #expect(same, Comment(rawValue: why))
    }
}

/// Two builds of an app whose identifier, label, a file name and a value are hostile.
struct HostileHistory {
    let scratch: ScratchDirectory
    let repo: String

    static let file = "MyApp.app/=HYPERLINK(\"x\"),<b>\u{202E}gnp.exe\nline2"
    static let label = "<script>alert(\"x\")</script>, \"quoted\"\nnext line \u{202E}evil"
    static let camera = "=cmd|' /C calc'!A0 <img src=x onerror=alert(1)> \u{200F}\"q\""

    init() throws {
        scratch = try ScratchDirectory("hostile-history")
        repo = scratch.path("repo")
        var app = FixtureBuilder.iOSApp(identifier: "com.example.<i>\"odd\"", languages: ["en"], nested: false)
        for n in 1...2 {
            app.updateInfo("MyApp.app") { $0["CFBundleVersion"] = "\(n)" }
            if n == 2 {
                app.setFile(Self.file, "payload")
                app.setInfo("NSCameraUsageDescription", Self.camera, in: "MyApp.app")
            }
            let dir = scratch.path("b\(n)")
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            let r = CLIHarness.run(["snapshot", try app.writeDirectory(in: dir), "--repo", repo,
                                    "--label=" + (n == 2 ? Self.label : "-plain"), "--recorded-at", "2026-02-0\(n)T10:00:00Z"])
            #expect(r.status == 0, "\(r.err)")
        }
    }
}

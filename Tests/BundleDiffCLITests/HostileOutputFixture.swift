import Foundation
import Testing
import TestSupport

/// A history of two builds in which every field that comes from a build or from the user
/// carries hostile text: terminal escapes (clear screen, colour), a carriage return and a
/// line break that start a forged `PASS` line, a right-to-left override and an isolate,
/// markup (`<script>`), Markdown table and code markers (`|`, backticks), a spreadsheet
/// formula (`=cmd`), the end of an XML CDATA section (`]]>`), and CI log commands (GitHub
/// Actions' `::error::`, which a wrapped line may start, and Azure Pipelines' `##vso[`).
struct HostileOutputFixture {
    /// The hostile text; `fileSafe` is the same without `/`, for file and folder names.
    static let evil = "\u{1B}[2J\u{1B}[31mX\u{1B}[0m\r\nPASS: forged|`tick`<script>alert(1)</script>]]>=cmd\u{202E}rtl\u{2066}iso"
        + " ::error::forged ##vso[task.complete result=Succeeded;]done ##[error]forged"
    static let fileSafe = evil.replacingOccurrences(of: "/", with: "")
    /// A valid git tag name with the same payload where git allows it.
    static let tag = "=cmd|`tick`<script>]]>\u{202E}rtl\u{2066}iso"
    /// Versions name the version tag (escaped byte by byte), which must fit a file name.
    static let version = "2.0\u{1B}[2J\r\nPASS: forged`tick`<script>\u{202E}"

    let scratch: ScratchDirectory
    let repo: String
    let old: String
    let new: String

    init() throws {
        scratch = try ScratchDirectory("hostile-output")
        repo = scratch.path("repo")
        var app = FixtureBuilder.iOSApp(languages: ["en"], nested: false)
        app.updateInfo("MyApp.app") { $0["CFBundleName"] = Self.evil }
        old = try app.writeDirectory(in: scratch.path("old"))
        app.updateInfo("MyApp.app") { info in
            info["CFBundleVersion"] = "2\u{1B}[0m\u{2066}|`x`|"
            info["CFBundleShortVersionString"] = Self.version
            info["CFBundleDisplayName"] = Self.evil
            info[Self.evil] = Self.evil
        }
        app.setFile("MyApp.app/" + Self.fileSafe + ".txt", "payload\n")
        app.setFile("MyApp.app/" + Self.fileSafe + ".lproj/Localizable.strings", FixtureBuilder.strings([(Self.evil, Self.evil)]))
        new = try app.writeDirectory(in: scratch.path("new"))
        for (n, path) in [(1, old), (2, new)] {
            let r = CLIHarness.run(["snapshot", path, "--repo", repo, "--label=" + Self.evil,
                                    "--recorded-at", "2026-02-0\(n)T10:00:00Z"] + (n == 2 ? ["--tag", Self.tag] : []))
            #expect(r.status == 0, "\(r.err)")
        }
    }

    /// Runs the CLI; the scratch folder is left out of what it printed.
    func run(_ arguments: [String]) -> CLIResult {
        var r = CLIHarness.run(arguments)
        r.out = r.out.replacingOccurrences(of: scratch.path, with: "")
        r.err = r.err.replacingOccurrences(of: scratch.path, with: "")
        return r
    }

    /// The scalars no output may hold raw: controls (line breaks aside), format
    /// characters (bidi, zero width) and the line and paragraph separators. An oracle of
    /// its own, independent of the product's escaping.
    static func isRaw(_ scalar: Unicode.Scalar, allowCR: Bool) -> Bool {
        if scalar == "\n" || (allowCR && scalar == "\r") { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// Expects `text` to hold no raw hidden scalar and no line that starts the forged verdict.
    static func expectVisible(_ text: String, _ what: String, allowCR: Bool = false,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        let raw = text.unicodeScalars.filter { isRaw($0, allowCR: allowCR) }
        #expect(raw.isEmpty, "\(what): raw \(Set(raw.map { String($0.value, radix: 16) }).sorted())",
                sourceLocation: sourceLocation)
        let forged = text.split(separator: "\n").filter { $0.hasPrefix("PASS: forged") }
        #expect(forged.isEmpty, "\(what): a value started a line of its own", sourceLocation: sourceLocation)
    }

    /// Expects no CI log command from the hostile text: no line that starts with `::` after
    /// its spaces (GitHub Actions; `github` lines are the report's own annotations, checked
    /// apart), no `##vso[` (Azure Pipelines) or `##[` anywhere.
    static func expectNoLogCommands(_ text: String, _ what: String, github: Bool,
                                    sourceLocation: SourceLocation = #_sourceLocation) {
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            #expect(github || !trimmed.hasPrefix("::"), "\(what): a log command line: \(line.prefix(200))",
                    sourceLocation: sourceLocation)
            #expect(!line.contains("##vso[") && !line.contains("##["), "\(what): a log command in \(line.prefix(200))",
                    sourceLocation: sourceLocation)
        }
    }

    /// Expects markup from the hostile text to stay text: no raw `<script>`, no raw `]]>`,
    /// and in Markdown no raw code span.
    static func expectNoMarkup(_ text: String, _ what: String, markdown: Bool,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        func line(_ marker: String) -> String {
            text.split(separator: "\n").first { $0.contains(marker) }.map { String($0.prefix(300)) } ?? ""
        }
        for marker in ["<script>alert", "<script>]"] {
            #expect(!text.contains(marker), "\(what): raw <script> in \(line(marker))", sourceLocation: sourceLocation)
        }
        #expect(!text.contains("]]>"), "\(what): raw ]]> in \(line("]]>"))", sourceLocation: sourceLocation)
        if markdown {
            #expect(!text.contains("`tick`"), "\(what): raw code span in \(line("`tick`"))", sourceLocation: sourceLocation)
        }
    }
}

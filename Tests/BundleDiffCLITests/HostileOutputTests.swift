import Foundation
import Testing
import TestSupport

/// Every output command, in every format it has, over a history whose every field from a
/// build or from the user is hostile (`HostileOutputFixture`): no raw control, bidi or
/// invisible character and no live markup reaches the output.
@Suite(.serialized) struct HostileOutputTests {
    static let reportFormats = ["text", "json", "markdown", "html", "junit", "github", "sarif", "gitlab"]

    /// Format-specific checks on top of "nothing hidden".
    static func check(_ text: String, format: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        HostileOutputFixture.expectVisible(text, what, allowCR: format == "csv", sourceLocation: sourceLocation)
        HostileOutputFixture.expectNoLogCommands(text, what, github: format == "github", sourceLocation: sourceLocation)
        switch format {
        case "json", "sarif", "gitlab":
            #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil, "\(what): not JSON",
                    sourceLocation: sourceLocation)
        case "markdown":
            HostileOutputFixture.expectNoMarkup(text, what, markdown: true, sourceLocation: sourceLocation)
            expectTablesIntact(text, what, sourceLocation: sourceLocation)
            let first = text.split(separator: "\n").first.map(String.init) ?? ""
            #expect(first.hasPrefix("**PASS**") || first.hasPrefix("**FAIL**"), "\(what): verdict line \(first)",
                    sourceLocation: sourceLocation)
        case "html", "junit":
            HostileOutputFixture.expectNoMarkup(text, what, markdown: false, sourceLocation: sourceLocation)
        case "github":
            for line in text.split(separator: "\n") where line.hasPrefix("::") {
                #expect(line.hasPrefix("::error title=") || line.hasPrefix("::warning title=") || line.hasPrefix("::notice title="),
                        "\(what): one annotation per line: \(line)", sourceLocation: sourceLocation)
            }
        case "csv":
            for field in csvFields(text) where field.contains("cmd") {
                #expect(!["=", "+", "-", "@"].contains(field.first), "\(what): formula cell \(field.debugDescription)",
                        sourceLocation: sourceLocation)
            }
        default: break
        }
    }

    /// Every row of a Markdown table has as many unescaped `|` as the table's header.
    static func expectTablesIntact(_ text: String, _ what: String, sourceLocation: SourceLocation) {
        var header: Int?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else { header = nil; continue }
            var count = 0
            var escaped = false
            for c in line {
                if c == "|" && !escaped { count += 1 }
                escaped = c == "\\" && !escaped
            }
            if let header { #expect(count == header, "\(what): table row \(line)", sourceLocation: sourceLocation) }
            else { header = count }
        }
    }

    /// The fields of an RFC 4180 document.
    static func csvFields(_ text: String) -> [String] {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var chars = Array(text)[...]
        while let c = chars.popFirst() {
            if quoted {
                if c == "\"" { if chars.first == "\"" { chars.removeFirst(); field.append("\"") } else { quoted = false } }
                else { field.append(c) }
            } else if c == "\"" { quoted = true }
            else if c == "," || c == "\r\n" || c == "\n" { fields.append(field); field = "" }
            else { field.append(c) }
        }
        return fields
    }

    @Test func diffInEveryFormat() throws {
        let h = try HostileOutputFixture()
        for format in Self.reportFormats {
            let r = h.run(["diff", h.old, h.new, "--format", format])
            #expect(r.status == 0 || r.status == 1, "\(r.err)")
            Self.check(r.out, format: format, "diff --format \(format)")
            HostileOutputFixture.expectVisible(r.err, "diff --format \(format) (standard error)")
        }
    }

    @Test func diffOfRecordedBuildsNamedByTag() throws {
        let h = try HostileOutputFixture()
        for format in Self.reportFormats {
            let r = h.run(["diff", "latest~1", HostileOutputFixture.tag, "--repo", h.repo, "--format", format])
            #expect(r.status == 0 || r.status == 1, "\(r.err)")
            Self.check(r.out, format: format, "diff <tag> --format \(format)")
        }
    }

    @Test func gateInEveryFormat() throws {
        let h = try HostileOutputFixture()
        for format in Self.reportFormats {
            let r = h.run(["gate", h.new, "--against", h.old, "--format", format])
            Self.check(r.out, format: format, "gate --format \(format)")
            HostileOutputFixture.expectVisible(r.err, "gate --format \(format) (standard error)")
        }
    }

    @Test func logAndShowInEveryFormat() throws {
        let h = try HostileOutputFixture()
        for format in ["text", "json"] {
            for arguments in [["log"], ["show", "latest"], ["show", HostileOutputFixture.tag],
                              ["show", "latest", "--key", "CFBundleShortVersionString"],
                              ["show", "latest", "--key", "CFBundleDisplayName"]] {
                let r = h.run(arguments + ["--repo", h.repo, "--format", format])
                #expect(r.status == 0, "\(arguments): \(r.err)")
                Self.check(r.out, format: format, "\(arguments.joined(separator: " ")) --format \(format)")
            }
        }
    }

    @Test func showKeyRawIsExplicit() throws {
        let h = try HostileOutputFixture()
        let r = h.run(["show", "latest", "--key", "CFBundleShortVersionString", "--raw", "--repo", h.repo])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == HostileOutputFixture.version + "\n", "--raw prints the value byte for byte")
    }

    @Test func historyInEveryFormat() throws {
        let h = try HostileOutputFixture()
        let file = "MyApp.app/" + HostileOutputFixture.fileSafe + ".txt"
        for arguments in [["builds"], ["key", "CFBundleShortVersionString"], ["key", "CFBundleDisplayName"],
                          ["path", file], ["size"], ["languages"]] {
            for format in ["text", "json", "csv", "html"] {
                let r = h.run(["history"] + arguments + ["--repo", h.repo, "--format", format])
                #expect(r.status == 0, "\(arguments): \(r.err)")
                Self.check(r.out, format: format, "history \(arguments.joined(separator: " ")) --format \(format)")
            }
        }
    }

    @Test func snapshotSummaryAndSync() throws {
        let h = try HostileOutputFixture()
        let remote = h.scratch.path("remote-" + HostileOutputFixture.tag)
        let made = try runGit(["init", "--bare", "--quiet", remote], in: h.scratch.path)
        #expect(made.status == 0, "\(made.err)")
        for format in ["text", "json"] {
            let r = h.run(["snapshot", h.new, "--repo", h.scratch.path("repo-\(format)"), "--label=" + HostileOutputFixture.evil,
                           "--tag", HostileOutputFixture.tag, "--format", format])
            #expect(r.status == 0, "\(r.err)")
            Self.check(r.out, format: format, "snapshot --format \(format)")
        }
        let r = h.run(["sync", remote, "--repo", h.repo])
        #expect(r.status == 0, "\(r.err)")
        HostileOutputFixture.expectVisible(r.out + r.err, "sync")
        let again = h.run(["sync", remote, "--repo", h.scratch.path("repo-text")])
        HostileOutputFixture.expectVisible(again.out + again.err, "sync with a conflicting tag")
    }

    @Test func errorMessagesQuoteInputVisiblyAndBriefly() throws {
        let h = try HostileOutputFixture()
        let long = String(repeating: "t", count: 1_000_000)
        let cases: [[String]] = [
            ["show", HostileOutputFixture.evil, "--repo", h.repo],
            ["show", "latest", "--key", HostileOutputFixture.evil, "--repo", h.repo],
            ["history", "path", HostileOutputFixture.evil, "--repo", h.repo, "--versions", HostileOutputFixture.evil],
            ["snapshot", h.new, "--repo", h.repo, "--tag", HostileOutputFixture.evil],
            ["snapshot", h.new, "--repo", h.repo, "--tag", long + "~"],
            ["diff", h.old, h.scratch.path(HostileOutputFixture.fileSafe)],
        ]
        for arguments in cases {
            let r = h.run(arguments)
            #expect(r.status == 2, "\(arguments.prefix(3))")
            HostileOutputFixture.expectVisible(r.err, "error of \(arguments.prefix(2))")
            let lines = r.err.split(separator: "\n")
            #expect(lines.first?.hasPrefix("bundlediff: error: ") == true, "\(r.err.prefix(300))")
            #expect(lines.count == 1 || lines.count == 2 && lines[1].contains("--help"),
                    "one line (and a usage hint): \(r.err.prefix(300))")
            #expect(r.err.utf8.count < 1_000, "at most about 200 characters of input: \(r.err.utf8.count) bytes")
        }
    }

    @Test func argumentErrorsAreOneVisibleLineWithAHint() throws {
        for arguments in [["diff", "--" + HostileOutputFixture.fileSafe], ["log", "--format", HostileOutputFixture.evil],
                          ["history", "nonsense\u{1B}[2J"], ["diff"]] {
            let r = CLIHarness.run(arguments)
            #expect(r.status == 2, "\(arguments)")
            HostileOutputFixture.expectVisible(r.err, "argument error of \(arguments.first ?? "")")
            let lines = r.err.split(separator: "\n")
            #expect(lines.first?.hasPrefix("bundlediff: error: ") == true, "\(r.err)")
            #expect(lines.count == 2 && lines.last?.contains("--help") == true, "a usage hint: \(r.err)")
        }
    }
}

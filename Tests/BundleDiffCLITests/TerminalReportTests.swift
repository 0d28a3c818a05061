import BundleDiffCLI
import Foundation
import Testing
import TestSupport

/// The text report on a terminal: wrapped to its width (`COLUMNS`, else the terminal's,
/// else 80), `--quiet`, and `--color` with NO_COLOR, FORCE_COLOR and TERM=dumb. A terminal
/// wide enough keeps the bundles table; a narrower one gets a block per bundle.
@Suite struct TerminalReportTests {
    static let diff = ["diff", CLIHarness.demoBuild(1), CLIHarness.demoBuild(2), "--report-date", GoldenReportTests.date]

    static func run(_ arguments: [String], environment: [String: String] = [:], terminal: Bool = false,
                    columns: Int? = nil) -> (status: Int32, out: String, err: String) {
        let console = Console.capturing(environment: environment, terminal: terminal, columns: columns)
        let status = CLI.run(arguments, console: console)
        return (status, console.capturedOutput.replacingOccurrences(of: CLIHarness.root + "/", with: ""),
                console.capturedError)
    }

    @Test(arguments: [80, 120])
    func wrapsToColumns(_ width: Int) throws {
        let r = Self.run(Self.diff, environment: ["COLUMNS": "\(width)"])
        #expect(r.status == 1, "\(r.err)")
        try GoldenReportTests.check(r.out, golden: "Tests/Goldens/diff-\(width)-columns.txt")
        for line in r.out.split(separator: "\n") {
            #expect(line.count <= width, "wider than \(width): \(line)")
        }
        // The bundles table is 150 columns wide here: each bundle becomes a block.
        #expect(r.out.contains("\n  com.example.wanderlust  matched  1.0 (41) → 1.1 (42)\n"
            + "    files +2 -1 ~9, moved -1 +1; size 97.4 KB (+513 B); in Wanderlust.app\n"))
        // A finding's message gets the width: the ITMS-90473 finding takes two lines at 80
        // columns (it took one line of 228 before), one at 120 plus its end.
        let lines = r.out.split(separator: "\n")
        let first = try #require(lines.firstIndex { $0.contains("CFBundleShortVersionString '1.0' of") })
        #expect(lines[first].count > 60 && lines[first].count <= width, "the message starts on the first line")
        #expect(lines[first + 1].hasPrefix(width == 80 ? "        " : String(repeating: " ", count: 36)),
                "the message hangs under the bundle at 80 columns, under itself at 120")
    }

    @Test func widthComesFromColumnsThenTheTerminalThen80() {
        let wrapped80 = Self.run(Self.diff).out
        #expect(Self.run(Self.diff, environment: ["COLUMNS": "80"]).out == wrapped80, "80 when nothing says")
        let wide = Self.run(Self.diff, environment: ["COLUMNS": "120"]).out
        #expect(wide != wrapped80)
        #expect(Self.run(Self.diff, terminal: true, columns: 120).out.replacingOccurrences(
            of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression) == wide, "the terminal's own width")
        #expect(Self.run(Self.diff, environment: ["COLUMNS": "80"], terminal: true, columns: 120).out
            .replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression) == wrapped80,
            "COLUMNS wins over the terminal")
        #expect(Self.run(Self.diff, environment: ["COLUMNS": "wide"]).out == wrapped80, "a COLUMNS that is no number")
        let table = Self.run(Self.diff, environment: ["COLUMNS": "160"]).out
        #expect(table.contains("\n  bundle                        status   version                    files  "))
        #expect(table.contains("  13.1 KB (0 B)     Wanderlust.app/PlugIns/WanderlustShare.appex\n"))
    }

    @Test func quietPrintsTheVerdictAndTheFindings() throws {
        let full = Self.run(Self.diff).out
        let quiet = Self.run(Self.diff + ["--quiet"])
        #expect(quiet.status == 1)
        let lines = quiet.out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("FAIL (1 failing): 1 error, 13 warning, 3 info") == true)
        #expect(lines.dropFirst().first == "FINDINGS")
        #expect(!quiet.out.contains("BUNDLES") && !quiet.out.contains("old: ") && !quiet.out.contains("== "))
        let findings = try #require(full.range(of: "FINDINGS\n"))
        let end = try #require(full.range(of: "\n\nBUNDLES"))
        #expect(quiet.out == lines[0] + "\n" + full[findings.lowerBound..<end.lowerBound] + "\n")
        let gate = Self.run(["gate", CLIHarness.demoBuild(2), "--against", CLIHarness.demoBuild(1), "-q"])
        #expect(gate.status == 0 && !gate.out.contains("baseline:") && gate.out.hasSuffix("(fail on error)\n"))
        #expect(gate.out.contains("warning: version.nested-mismatch"))
        let json = Self.run(Self.diff + ["--quiet", "--format", "json"])
        #expect(json.status == 2 && json.out.isEmpty)
        #expect(json.err.hasPrefix("bundlediff: error: --quiet applies to the text report only, not --format json\n"))
    }

    /// (--color, environment, stdout a terminal, -o file) → coloured.
    static let colourTable: [(String?, [String: String], Bool, Bool, Bool)] = [
        (nil, [:], true, false, true),
        (nil, [:], false, false, false),
        (nil, ["NO_COLOR": "1"], true, false, false),
        (nil, ["NO_COLOR": ""], true, false, true),                  // present but empty: no effect
        (nil, ["FORCE_COLOR": "1"], false, false, true),
        (nil, ["FORCE_COLOR": "0"], false, false, false),
        (nil, ["FORCE_COLOR": ""], false, false, false),
        (nil, ["FORCE_COLOR": "1", "NO_COLOR": "1"], false, false, false),  // NO_COLOR wins
        (nil, ["TERM": "dumb"], true, false, false),
        (nil, ["TERM": "dumb", "FORCE_COLOR": "1"], true, false, true),
        (nil, ["FORCE_COLOR": "1"], false, true, false),            // a file only with --color always
        ("auto", [:], true, false, true),
        ("never", [:], true, false, false),
        ("never", ["FORCE_COLOR": "1"], true, false, false),
        ("always", [:], false, false, true),
        ("always", ["NO_COLOR": "1", "TERM": "dumb"], false, false, true),
        ("always", [:], false, true, true),
    ]

    @Test func colourPrecedence() throws {
        let scratch = try ScratchDirectory("colour-table")
        for (i, row) in Self.colourTable.enumerated() {
            let (mode, environment, terminal, toFile, coloured) = row
            let file = scratch.path("report-\(i).txt")
            let arguments = Self.diff + (mode.map { ["--color", $0] } ?? []) + (toFile ? ["-o", file] : [])
            let r = Self.run(arguments, environment: environment, terminal: terminal)
            let text = toFile ? try String(contentsOfFile: file, encoding: .utf8) : r.out
            #expect(text.contains("\u{1B}[31mFAIL\u{1B}[0m") == coloured, "row \(i): \(row)")
            #expect(text.contains("FAIL"), "row \(i)")
        }
        let bad = Self.run(Self.diff + ["--color", "sometimes"])
        #expect(bad.status == 2 && bad.err.split(separator: "\n").count == 2)
    }

    @Test func helpNamesThePrecedence() {
        let help = Self.run(["diff", "--help"]).out
        #expect(help.contains("--color <auto|always|never>") && help.contains("NO_COLOR") && help.contains("FORCE_COLOR"))
        #expect(help.contains("--quiet") && help.contains("work tree's root"))
    }
}

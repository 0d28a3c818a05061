import BundleDiffCLI
import Foundation
import Testing
import TestSupport

/// The text report is coloured only on a terminal, never with NO_COLOR or into a file,
/// and colour changes nothing but the ANSI escapes.
@Suite struct TextColourTests {
    static func run(_ arguments: [String], terminal: Bool, environment: [String: String] = [:]) -> String {
        let console = Console.capturing(environment: environment, terminal: terminal)
        _ = CLI.run(arguments, console: console)
        return console.capturedOutput
    }

    /// The text without ANSI colour sequences (`ESC [ digits m`).
    static func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    @Test func colourOnlyOnATerminalWithoutNoColor() throws {
        let diff = ["diff", CLIHarness.demoBuild(1), CLIHarness.demoBuild(2)]
        let coloured = Self.run(diff, terminal: true)
        let uncoloured = Self.run(diff, terminal: false)
        #expect(coloured.contains("\u{1B}[31mFAIL\u{1B}[0m (1 failing)"), "the verdict is red")
        #expect(coloured.contains("\u{1B}[31mERROR\u{1B}[0m (1)") && coloured.contains("\u{1B}[33mWARNING\u{1B}[0m (13)")
                && coloured.contains("\u{1B}[34mINFO\u{1B}[0m (3)"))
        #expect(Self.plain(coloured) == uncoloured, "colour adds escapes and nothing else")
        #expect(!uncoloured.contains("\u{1B}"))
        #expect(Self.run(diff, terminal: true, environment: ["NO_COLOR": "1"]) == uncoloured)
        let gate = ["gate", CLIHarness.demoBuild(2), "--against", CLIHarness.demoBuild(1)]
        let gateColoured = Self.run(gate, terminal: true)
        #expect(gateColoured.contains("\u{1B}[33mwarning\u{1B}[0m: version.nested-mismatch"))
        #expect(gateColoured.contains("\u{1B}[32mPASS\u{1B}[0m: "))
        let markdown = diff + ["--format", "markdown", "--report-date", GoldenReportTests.date]
        #expect(Self.run(markdown, terminal: true) == Self.run(markdown, terminal: false),
                "only the text formats are coloured")
    }

    @Test func aReportWrittenToAFileIsNeverColoured() throws {
        let scratch = try ScratchDirectory("colour")
        let file = scratch.path("report.txt")
        let out = Self.run(["diff", CLIHarness.demoBuild(1), CLIHarness.demoBuild(2), "-o", file], terminal: true)
        #expect(out.isEmpty)
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(written.hasPrefix("bundlediff 0.1.0: com.example.wanderlust"))
        #expect(!written.contains("\u{1B}"))
    }
}

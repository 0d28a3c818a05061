import BundleDiffCLI
import Foundation
import Testing
import TestSupport

/// `diff` and `gate` of builds on disk draw a progress bar when standard error is a
/// terminal, whatever standard output is, with sizes in human units; never with --quiet.
@Suite struct ProgressTests {
    /// An app with a 65 MiB file (sparse on disk), larger than the bar's 64 MiB threshold.
    static func largeApp(_ scratch: ScratchDirectory) throws -> String {
        let app = try FixtureBuilder.iOSApp(name: "Large", nested: false).writeDirectory(in: scratch.path)
        let big = app + "/data.bin"
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: big))
        try handle.truncate(atOffset: 65 << 20)
        try handle.close()
        return app
    }

    static func run(_ arguments: [String], errorTerminal: Bool) -> (status: Int32, out: String, err: String) {
        let console = Console.capturing(terminal: false, errorTerminal: errorTerminal)
        let status = CLI.run(arguments, console: console)
        return (status, console.capturedOutput, console.capturedError)
    }

    @Test func diffFromDiskShowsProgressOnATerminal() throws {
        let scratch = try ScratchDirectory("progress")
        let app = try Self.largeApp(scratch)
        let diff = ["diff", app, app, "--report-date", GoldenReportTests.date]
        let shown = Self.run(diff, errorTerminal: true)
        #expect(shown.status == 0, "\(shown.err)")
        #expect(shown.err.contains("hashing [##############################] 100% of 68.2 MB"), "\(shown.err)")
        #expect(shown.err.hasSuffix("\r\u{1B}[2K"), "the bar is cleared before the report")
        #expect(!shown.out.contains("\u{1B}"), "the report on standard output stays plain")
        #expect(Self.run(diff, errorTerminal: false).err.isEmpty, "no bar when standard error is no terminal")
        #expect(Self.run(diff + ["--quiet"], errorTerminal: true).err.isEmpty, "none with --quiet")
        let gate = Self.run(["gate", app, "--against", app], errorTerminal: true)
        #expect(gate.err.contains("% of 68.2 MB"), "\(gate.err)")
    }
}

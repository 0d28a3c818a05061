import ArgumentParser
import BundleDiffKit
import Reporters
import TextSafety

extension ReportFormat: ExpressibleByArgument {}

/// `--format`, `--report`, `--details`, `--quiet`, `--color`, `-o` and `--report-date` of `diff`, `gate` and `check`.
struct ReportOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Report format: github (Actions annotations), sarif (code scanning) and gitlab (Code Quality) are what CI reads natively.",
        valueName: "format"))
    var format: ReportFormat = .text

    @OptionGroup var output: OutputOptions

    @Option(name: .customLong("report"), help: ArgumentHelp(
        "Also write the report in another format to a file, next to the usual output (repeatable).",
        discussion: "For example --report sarif=bundlediff.sarif --report junit=bundlediff.junit.xml: one comparison, "
            + "one verdict, many files.",
        valueName: "format=file"))
    var reports: [String] = []

    @Flag(help: ArgumentHelp(
        "Text report: list every finding, bundle, file and key change (by default it keeps to 200 lines and says what it left out)."))
    var details = false

    @Flag(name: [.customShort("q"), .customLong("quiet")],
          help: ArgumentHelp("Text report: print only the verdict line and the findings (no progress bar or configuration note either)."))
    var quiet = false

    @Option(name: .customLong("color"), help: ArgumentHelp(ColourMode.help, valueName: "auto|always|never"))
    var colour: ColourMode = .auto

    @Option(help: ArgumentHelp(
        "The date the report shows (ISO 8601, e.g. 2026-11-01T09:00:00Z); default SOURCE_DATE_EPOCH, else now.",
        valueName: "date"))
    var reportDate: String?

    func validate() throws {
        _ = try files()
        if quiet && format != .text {
            throw ValidationError("--quiet applies to the text report only, not --format \(format.rawValue)")
        }
        if let reportDate, Timestamp.parse(reportDate) == nil {
            throw ValidationError("--report-date \(VisibleText.quoted(reportDate)) is not an ISO 8601 date such as 2026-11-01T09:00:00Z")
        }
    }

    /// The report's date: --report-date, else SOURCE_DATE_EPOCH (reproducible builds), else now.
    func date(_ console: Console) throws -> String {
        if let reportDate, let seconds = Timestamp.parse(reportDate) { return Timestamp.format(seconds) }
        if let epoch = console.environment["SOURCE_DATE_EPOCH"], !epoch.isEmpty {
            guard let seconds = Int64(epoch), seconds >= 0 else {
                throw UserFacingError("SOURCE_DATE_EPOCH \(VisibleText.quoted(epoch)) is not a number of seconds since 1970")
            }
            return Timestamp.format(seconds)
        }
        return Timestamp.format(Timestamp.now())
    }

    /// How long the comparison took, for JUnit's `time`; nil under SOURCE_DATE_EPOCH, where
    /// a reproducible build wants the same bytes from the same builds.
    static func elapsed(since start: ContinuousClock.Instant, _ console: Console) -> Duration? {
        (console.environment["SOURCE_DATE_EPOCH"] ?? "").isEmpty ? ContinuousClock.now - start : nil
    }

    /// Renders the report and writes it to the output file or standard output, then each
    /// `--report` file.
    func emit(_ report: DiffReport, console: Console) throws {
        try output.emit(ReportRenderer.render(report, as: format, text: textOptions(console)), console: console)
        for (format, file) in try files() {
            let text = TextOptions(details: details, width: console.reportWidth(toFile: true))
            try OutputFile.write(ReportRenderer.render(report, as: format, text: text), to: file,
                                 what: "the \(format.rawValue) report")
        }
    }

    /// The `--report` values as (format, file), in order; a malformed one, an unknown
    /// format, a file named twice or the `-o` file is a usage error.
    func files() throws -> [(ReportFormat, String)] {
        var out: [(ReportFormat, String)] = []
        for value in reports {
            let quoted = VisibleText.quoted(value)
            guard let equals = value.firstIndex(of: "=") else {
                throw ValidationError("--report \(quoted) is not <format>=<file>, e.g. sarif=bundlediff.sarif")
            }
            let name = String(value[..<equals]), file = String(value[value.index(after: equals)...])
            guard let format = ReportFormat(rawValue: name) else {
                throw ValidationError("--report \(quoted): unknown format \(VisibleText.quoted(name)); one of "
                    + ReportFormat.allCases.map(\.rawValue).joined(separator: ", "))
            }
            guard !file.isEmpty else { throw ValidationError("--report \(quoted) names no file") }
            if file == output.output || out.contains(where: { $0.1 == file }) {
                throw ValidationError("--report \(quoted): \(VisibleText.quoted(file)) is written twice")
            }
            out.append((format, file))
        }
        return out
    }

    /// The text report's colour, details, width and quiet for this console.
    func textOptions(_ console: Console) -> TextOptions {
        TextOptions(colour: colour.colours(environment: console.environment, terminal: console.isTerminal,
                                           toFile: output.output != nil),
                    details: details, width: console.reportWidth(toFile: output.output != nil), quiet: quiet)
    }
}

import ArgumentParser
import BundleDiffKit
import Reporters
import TextSafety

extension ReportFormat: ExpressibleByArgument {}

/// `--format`, `--details`, `--quiet`, `--color`, `-o` and `--report-date` of `diff` and `gate`.
struct ReportOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Report format: text, json, markdown, html or junit.", valueName: "format"))
    var format: ReportFormat = .text

    @OptionGroup var output: OutputOptions

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

    /// Renders the report and writes it to the output file or standard output.
    func emit(_ report: DiffReport, console: Console) throws {
        try output.emit(ReportRenderer.render(report, as: format, text: textOptions(console)), console: console)
    }

    /// The text report's colour, details, width and quiet for this console.
    func textOptions(_ console: Console) -> TextOptions {
        TextOptions(colour: colour.colours(environment: console.environment, terminal: console.isTerminal,
                                           toFile: output.output != nil),
                    details: details, width: console.reportWidth(toFile: output.output != nil), quiet: quiet)
    }
}

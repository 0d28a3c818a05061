import ArgumentParser
import BundleDiffKit
import Reporters
import TextSafety

extension ReportFormat: ExpressibleByArgument {}

/// `--format`, `--details`, `-o` and `--report-date` of `diff`, `gate` and `check`.
struct ReportOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Report format: text, json, markdown, html or junit.", valueName: "format"))
    var format: ReportFormat = .text

    @OptionGroup var output: OutputOptions

    @Flag(help: ArgumentHelp(
        "Text report: list every finding, bundle, file and key change (by default it keeps to 200 lines and says what it left out)."))
    var details = false

    @Option(help: ArgumentHelp(
        "The date the report shows (ISO 8601, e.g. 2026-11-01T09:00:00Z); default SOURCE_DATE_EPOCH, else now.",
        valueName: "date"))
    var reportDate: String?

    func validate() throws {
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
        try output.emit(ReportRenderer.render(report, as: format, colour: output.colour(console),
                                                 details: details), console: console)
    }
}

import ArgumentParser
import BundleDiffKit
import Reporters
import SnapshotStore

/// The options every `history` query shares: which app and channel, which builds, and
/// how the answer is written.
struct HistoryQueryOptions: ParsableArguments {
    @OptionGroup var history: HistoryOptions

    @Option(help: ArgumentHelp("The app (bundle identifier); needed when several apps are recorded.",
                               valueName: "bundle-id"))
    var app: String?

    @Option(help: ArgumentHelp("The channel.", valueName: "name"))
    var channel: String = "main"

    @Option(help: ArgumentHelp("Only builds whose CFBundleShortVersionString is in this range, both ends included "
                               + "(1.2..1.5, 1.2.., ..1.5).", valueName: "low..high"))
    var versions: String?

    @Option(help: ArgumentHelp("Only builds recorded at or after this day or time (2026-11-01, 2026-11-01T09:00:00Z).",
                               valueName: "date"))
    var since: String?

    @Option(help: ArgumentHelp("Only builds recorded at or before this day (its end) or time.", valueName: "date"))
    var until: String?

    @Option(help: ArgumentHelp("Only builds recorded with this label.", valueName: "text"))
    var label: String?

    @Option(help: "Output format (html draws the trend as a chart).")
    var format: HistoryFormat = .text

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let problem = RecordOptions.channelProblem(channel) { throw ValidationError(problem) }
    }

    func filter() throws(UserFacingError) -> BuildFilter {
        var f = BuildFilter()
        if let versions { try f.setVersions(versions) }
        if let since { f.since = try BuildFilter.time(since, option: "--since", endOfDay: false) }
        if let until { f.until = try BuildFilter.time(until, option: "--until", endOfDay: true) }
        if let s = f.since, let u = f.until, s > u { throw UserFacingError("--since is after --until") }
        f.label = label
        return f
    }

    /// Answers `question` and writes it in the chosen format.
    func answer(_ question: HistoryQuery.Question) throws {
        let console = Console.current
        let filter = try filter()  // argument errors first, before the history is opened
        let store = try History.open(try history.location(console), create: false)
        let query = try HistoryQuery(store: store, app: app, channel: channel, filter: filter)
        let text = try query.answer(question) { table in try HistoryRenderer.render(table, as: format) }
        query.leaveMemoToExit()
        try output.emit(text, console: console)
    }
}

/// `history --format text|json|csv|html`.
extension HistoryFormat: ExpressibleByArgument {}

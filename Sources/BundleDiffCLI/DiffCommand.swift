import ArgumentParser
import BundleDiffKit
import SnapshotStore
import Reporters

/// `bundlediff diff <old> <new>`: the full comparison of two builds.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two builds: every change, and findings on versions, localization parity and moves.",
        discussion: """
            Each side is a build on disk (anything `snapshot` reads) or a recorded build \
            (a commit id or prefix, a tag, <bundle-id>@<version>[+<build>], latest, latest~N, \
            previous). Two paths need no history at all. The text report wraps to COLUMNS, else \
            the terminal's width, else 80 columns. Exit status: 0 nothing at or above \
            --fail-on, 1 findings at or above it, 2 usage or input error.

            Two data containers (recorded with snapshot --container, or folders on disk: a \
            simulator data container or an .xcappdata package; a plain folder with --container \
            --app <bundle-id>) give the migration report: what an upgrade did to the user's \
            data, judged by the container.* rules. A container and a build are not compared.
            """)

    @Argument(help: ArgumentHelp("The old build.", valueName: "old"))
    var old: String

    @Argument(help: ArgumentHelp("The new build.", valueName: "new"))
    var new: String

    @OptionGroup var history: HistoryOptions
    @OptionGroup var shared: RemoteOption
    @OptionGroup var judgment: JudgmentOptions
    @OptionGroup var report: ReportOptions

    @Option(help: ArgumentHelp("Narrows latest/previous when several apps are recorded.", valueName: "bundle-id"))
    var app: String?

    @Option(help: ArgumentHelp("Narrows latest/previous to a channel.", valueName: "name"))
    var channel: String?

    @Flag(help: "Read folders on disk as data containers (a plain folder needs --app).")
    var container = false

    func validate() throws {
        if let channel, let problem = RecordOptions.channelProblem(channel) { throw ValidationError(problem) }
    }

    func run() throws {
        let started = ContinuousClock.now
        let console = Console.current
        let compare = try judgment.compareBuilds(console, quiet: report.quiet)
        let repo = try history.location(console)
        try shared.fetchIfAsked(into: repo, console: console)
        let store = LazyHistory(path: repo)
        let bar = ProgressBar(console: console, quiet: report.quiet)
        let (oldSide, newSide) = try BuildSide.resolvePair(old, new, store: store.get, app: app, channel: channel,
                                                           containers: container) { reference in
            try bar.showing { try BuildSide.resolve(reference, store: store.get, app: app, channel: channel, containers: container, progress: $0) }
        }
        try judgment.conclude(try compare.diff(old: oldSide, new: newSide, date: try report.date(console)), started: started, report: report, console: console)
    }
}

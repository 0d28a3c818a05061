import ArgumentParser
import BundleDiffKit
import SnapshotStore
import Reporters

/// `bundlediff check <build>`: the App Store preflight of one build.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Judge one build on its own: the App Store Connect validation errors it would get.",
        discussion: """
            The build is one on disk (anything `snapshot` reads) or a recorded build (a commit \
            id or prefix, a tag, <bundle-id>@<version>[+<build>], latest, latest~N, previous). \
            Runs the check rules (`bundlediff rules` marks them [check]) with the same \
            configuration, baseline and report formats as `diff`, which also shows the new \
            build's check findings, marked new or existing. Exit status: 0 nothing at or above \
            --fail-on, 1 findings at or above it, 2 usage or input error.
            """)

    @Argument(help: ArgumentHelp("The build to check.", valueName: "build"))
    var build: String

    @OptionGroup var history: HistoryOptions
    @OptionGroup var shared: RemoteOption
    @OptionGroup var judgment: JudgmentOptions
    @OptionGroup var report: ReportOptions

    @Option(help: ArgumentHelp("Narrows latest/previous when several apps are recorded.", valueName: "bundle-id"))
    var app: String?

    @Option(help: ArgumentHelp("Narrows latest/previous to a channel.", valueName: "name"))
    var channel: String?

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
        let side = try bar.showing { try BuildSide.resolve(build, store: store.get, app: app, channel: channel, progress: $0) }
        try CompareBuilds.requireBuild(side, for: "check")
        try judgment.conclude(compare.check(side, date: try report.date(console)), started: started, report: report, console: console)
    }
}

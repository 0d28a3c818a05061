import ArgumentParser
import BundleDiffKit
import SnapshotStore
import FoundationEssentials
import Reporters

/// `bundlediff gate <new>`: the CI version-bump gate.
struct GateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gate",
        abstract: "The CI version-bump gate: version and nested-version rules, one line per finding.",
        discussion: """
            The baseline is the --against build (of the same app), else the highest \
            CFBundleVersion recorded for the app and channel in the history (not merely the \
            latest recorded), among builds of the new build's platform when the bundle id is \
            recorded on several (universal purchase). Run it \
            before recording the new build. The gate never passes without a baseline: a \
            history that does not exist, is no history, or holds no earlier build of the app \
            and channel is an error, unless --first-build (or first_build: true in \
            .bundlediff.yml) declares the build the app's first. A build identical to the \
            baseline fails as the same build. Exit status: 0 pass, 1 findings at or above \
            --fail-on, 2 usage or input error.
            """)

    @Argument(help: ArgumentHelp("The new build (a path or a recorded build).", valueName: "new"))
    var new: String

    @Option(help: ArgumentHelp("Compare with this build instead of the history.", valueName: "old"))
    var against: String?

    @OptionGroup var history: HistoryOptions
    @OptionGroup var shared: RemoteOption
    @OptionGroup var judgment: JudgmentOptions
    @OptionGroup var report: ReportOptions

    @Option(help: ArgumentHelp("The history line to compare with.", valueName: "name"))
    var channel = "main"

    @Flag(help: ArgumentHelp(
        "Declare this the app's first build: pass when the history has no earlier build of it (or does not exist yet).",
        discussion: "Without it, a missing history or one with no earlier build of the app and channel is an error "
            + "(exit 2). Same as first_build: true in .bundlediff.yml. Ignored when a build is found to compare with."))
    var firstBuild = false

    func validate() throws {
        if let problem = RecordOptions.channelProblem(channel) { throw ValidationError(problem) }
    }

    func run() throws {
        let started = ContinuousClock.now
        let console = Console.current
        let file = try judgment.configurationFile(console, quiet: report.quiet)
        let compare = judgment.compareBuilds(file)
        let location = try history.location(console)
        try shared.fetchIfAsked(into: location, console: console)
        let store = LazyHistory(path: location)
        let bar = ProgressBar(console: console, quiet: report.quiet)
        let newSide = try bar.showing { try BuildSide.resolve(new, store: store.get, app: nil, channel: channel, progress: $0) }
        try CompareBuilds.requireBuild(newSide, for: "gate")
        let baseline: GateBaseline
        if let against {
            let side = try bar.showing {
                try BuildSide.resolve(against, store: store.get, app: nil, channel: channel, progress: $0)
            }
            try CompareBuilds.requireBuild(side, for: "gate")
            baseline = try GateBaseline.against(side, new: newSide)
        } else {
            let declared = firstBuild || file.firstBuild == true
            baseline = try GateBaseline.fromHistory(try store.getIfPresent(), location: location, new: newSide,
                                                    channel: channel, firstBuild: declared)
            if baseline.side.recorded == nil {
                console.error("bundlediff: note: no earlier build to compare with: a declared first build, whose own "
                              + "versions are judged alone")
            }
        }
        try judgment.conclude(compare.gate(baseline: baseline, new: newSide, date: try report.date(console)), started: started, report: report, console: console)
    }
}

import ArgumentParser
import BundleDiffKit
import SnapshotStore
import Foundation
import Reporters

/// `bundlediff gate <new>`: the CI version-bump gate.
struct GateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gate",
        abstract: "The CI version-bump gate: version and nested-version rules, one line per finding.",
        discussion: """
            The baseline is the --against build, else the highest CFBundleVersion recorded \
            for the app and channel in the history (not merely the latest recorded). Run it \
            before recording the new build. Exit status: 0 pass, 1 findings at or above \
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

    func validate() throws {
        if let problem = RecordOptions.channelProblem(channel) { throw ValidationError(problem) }
    }

    func run() throws {
        let console = Console.current
        let compare = try judgment.compareBuilds()
        try shared.fetchIfAsked(into: history.location(console), console: console)
        let store = LazyHistory(path: history.location(console))
        let newSide = try BuildSide.resolve(new, store: store.get, app: nil, channel: channel)
        let baseline: GateBaseline
        if let against {
            baseline = GateBaseline(side: try BuildSide.resolve(against, store: store.get, app: nil, channel: channel),
                                    history: nil)
        } else {
            baseline = try GateBaseline.fromHistory(try store.getIfPresent(), new: newSide, channel: channel)
        }
        let result = compare.gate(baseline: baseline, new: newSide, date: try report.date(console))
        try report.emit(result, console: console)
        try judgment.writeBaselineIfAsked(result.findings)
        if result.exitStatus != 0 { throw CommandExit(code: result.exitStatus) }
    }
}

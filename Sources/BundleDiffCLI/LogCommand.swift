import Reporters
import ArgumentParser
import BundleDiffKit
import SnapshotStore
import TextSafety

/// `bundlediff log`: the recorded builds, newest first.
struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log", abstract: "List the recorded builds, newest first.")

    @OptionGroup var history: HistoryOptions

    @Option(help: ArgumentHelp("Only this app (bundle identifier).", valueName: "bundle-id"))
    var app: String?

    @Option(help: ArgumentHelp("Only this channel.", valueName: "name"))
    var channel: String?

    @Option(help: "Output format.")
    var format: OutputFormat = .text

    func validate() throws {
        if let channel, let problem = RecordOptions.channelProblem(channel) { throw ValidationError(problem) }
    }

    func run() throws {
        let console = Console.current
        let store = try History.open(try history.location(console), create: false)
        let builds = try History.builds(store, app: app, channel: channel).map { RecordedBuildJSON($0) }
        switch format {
        case .json: console.write(try JSONOutput.encode(builds))
        case .text:
            if builds.isEmpty { console.line("no builds recorded" + (app.map { " for " + VisibleText.escape($0) } ?? "")) }
            for b in builds { console.line(b.line) }
        }
    }
}

import Reporters
import ArgumentParser
import BundleDiffKit
import BundleModel
import SnapshotStore
import TextSafety

/// `bundlediff log`: the recorded builds, newest first. The text listing stops after
/// `defaultLimit` builds (a CI history reaches thousands) and says how many it left out.
struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log", abstract: "List the recorded builds, newest first.",
        discussion: """
            The text listing shows the newest \(defaultLimit) builds and then how many older ones \
            it left out; --limit shows another number, --all every build. JSON lists every build \
            unless --limit is given. Data containers recorded with `snapshot --container` are \
            listed too, marked "data container" (JSON: "kind": "container"), with the version of \
            the app build they belong to.
            """)

    /// Builds the text listing shows without `--limit` or `--all`.
    static let defaultLimit = 50

    @OptionGroup var history: HistoryOptions

    @Option(help: ArgumentHelp("Only this app (bundle identifier).", valueName: "bundle-id"))
    var app: String?

    @Option(help: ArgumentHelp("Only this channel.", valueName: "name"))
    var channel: String?

    @Option(help: "Output format.")
    var format: OutputFormat = .text

    @Option(name: [.customShort("n"), .long],
            help: ArgumentHelp("Show the newest <count> builds (text default: \(defaultLimit)).", valueName: "count"))
    var limit: Int?

    @Flag(help: "Show every build.")
    var all = false

    func validate() throws {
        if let channel, let problem = RecordOptions.channelProblem(channel) { throw ValidationError(problem) }
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1 (got \(limit))") }
        if limit != nil && all { throw ValidationError("--limit and --all do not go together") }
    }

    /// How many builds to show: nil for all of them.
    var shown: Int? {
        if all { return nil }
        return limit ?? (format == .text ? Self.defaultLimit : nil)
    }

    func run() throws {
        let console = Console.current
        let store = try History.open(try history.location(console), create: false)
        defer { KeptUntilExit.keep(store) }
        let builds = try History.builds(store, app: app, channel: channel, kind: nil)
        let listed = builds.prefix(shown ?? builds.count).map { RecordedBuildJSON($0) }
        switch format {
        case .json: console.write(try JSONOutput.encode(Array(listed)))
        case .text:
            if builds.isEmpty { console.line("no builds recorded" + (app.map { " for " + VisibleText.escape($0) } ?? "")) }
            console.write(listed.map { $0.line + "\n" }.joined())
            let left = builds.count - listed.count
            if left > 0 {
                console.line("… \(left) older build\(left == 1 ? "" : "s") not shown (use --limit <count> or --all)")
            }
        }
    }
}

import ArgumentParser
import BundleDiffKit
import SnapshotStore

/// `bundlediff sync [<remote>]`: fetches the history's branches and tags from a shared
/// remote and pushes what the remote lacks.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Share the history with a git remote: fetch its builds, push the local ones.",
        discussion: """
            The remote is a path to a git repository, or a file://, git://, http(s):// or \
            ssh:// URL (default: $BUNDLEDIFF_REMOTE). Credentials: a user and password in the \
            URL, a token in $BUNDLEDIFF_GIT_TOKEN, $GIT_TOKEN or $GITHUB_TOKEN, an SSH agent \
            or $BUNDLEDIFF_SSH_KEY. Builds another runner pushed first are fetched; local \
            builds are put on top of them and pushed. Nothing is ever force-pushed. A remote \
            that stops answering for $BUNDLEDIFF_NETWORK_TIMEOUT seconds (default 30) is given up.
            """)

    @Argument(help: ArgumentHelp("The remote (default: $BUNDLEDIFF_REMOTE).", valueName: "remote"))
    var remote: String?

    @OptionGroup var history: HistoryOptions

    @Option(help: ArgumentHelp("Only this app's branches and version tags.", valueName: "bundle-id"))
    var app: String?

    @Flag(help: "Fetch only; push nothing.")
    var fetchOnly = false

    func run() throws {
        let console = Console.current
        let sync = try RemoteSync(repositoryPath: try history.location(console), remote: remote,
                                  environment: console.environment)
        let result = try sync.run(scope: SyncScope(app: app), push: !fetchOnly, create: true)
        let (lines, warnings) = sync.describe(result, pushed: !fetchOnly)
        console.line(lines.joined(separator: "\n"))
        warnings.forEach { console.error("bundlediff: warning: \($0)") }
    }
}
